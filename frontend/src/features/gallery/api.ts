import { api } from '../../api/client';
import type { GalleryItem } from '../../api/types';

/** The public gallery; an HTTP error or an answer that is not a list shows as an empty gallery. */
export async function fetchGalleryItems(): Promise<GalleryItem[]> {
  try {
    const { data, response } = await api.GET('/api/get_gallery.php');
    if (!response.ok || !Array.isArray(data)) {
      console.warn(`Could not load the gallery (HTTP ${response.status})`);
      return [];
    }
    return data;
  } catch (error) {
    console.warn('Could not load the gallery', error);
    return [];
  }
}

import type { GalleryItem } from '../../api/types';
import { langQuery, type Lang } from '../../i18n/paths';
import { fetchListPage, pageQuery, type ListPage, type ListSearch } from '../listing/listing';
import { apiClient } from '../../api/on-demand';

/** One page of 12 gallery items, filtered by the server; an HTTP error or an answer that is not a list shows as an empty gallery. */
export function fetchGalleryPage(search: ListSearch, lang: Lang = 'en'): Promise<ListPage<GalleryItem>> {
  return fetchListPage<GalleryItem>('the gallery', async () =>
    (await apiClient()).GET('/api/get_gallery.php', { params: { query: { ...pageQuery(search), ...langQuery(lang) } } }),
  );
}

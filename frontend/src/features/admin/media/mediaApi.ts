// The media library's operations (openapi.yaml's media section) for the Media section and the
// post editor's picker.
import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { failureMessage } from '../../../api/failure';
import { attempt, paged, pageQuery, sentence, type AdminListSearch, type AdminPage, type Outcome } from '../api';

export type MediaImage = components['schemas']['MediaLibraryImage'];
export type MediaUse = components['schemas']['MediaUse'];
export type MediaDetails = Pick<MediaImage, 'alt' | 'caption' | 'name'>;

export const mediaMessages = {
  loadFailed: 'Failed to load the media library',
  saveFailed: 'Failed to save the image details',
  deleteFailed: 'Failed to delete the image',
};

/** One page of the library, searched by alt text, caption and file name. */
export function fetchMedia(search: AdminListSearch = {}): Promise<Outcome<AdminPage<MediaImage>>> {
  return attempt(async () => paged(await api.GET('/api/get_media.php', { params: { query: pageQuery(search) } }), mediaMessages.loadFailed));
}

/** Saves the details everywhere the image is shown; answers the image as it is now. */
export function updateMedia(id: string, details: MediaDetails): Promise<Outcome<MediaImage>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/update_media.php', { body: { id, ...details } });
    return data?.success ? { ok: true, data: data.data } : { ok: false, message: failureMessage(error) || mediaMessages.saveFailed };
  });
}

/** Deletes the image; `force` also where it is used (the admin confirmed the places). */
export function deleteMedia(id: string, force: boolean): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_media.php', { body: { id, force } }), mediaMessages.deleteFailed));
}

const useNames: Record<MediaUse['kind'], string> = { gallery: 'Gallery item', cover: 'Cover of the post', text: 'In the text of the post' };

/** One place that shows the image, in words ("Cover of the post “Water day”"). */
export const describeUse = (use: MediaUse) => `${useNames[use.kind]} “${use.title}”`;

/** What a card and the dialogs call an image: its alt text, else its file name. */
export const mediaLabel = (image: MediaImage) => image.alt || image.name || 'Image without alt text';

// Content the e2e tests make through the API as the run's admin, and remove afterwards. Answers
// are typed by the contract's own schemas (openapi.yaml).
import type { components } from '@ngo-site/shared/contract';
import { adminToken, api, json } from './harness';

export type Blog = components['schemas']['Blog'];
export type GalleryItem = components['schemas']['GalleryItem'];
export type Analytics = components['schemas']['Analytics'];

/** A real JPEG of the given size and colour, for uploads. */
export async function sampleJpeg({ width = 800, height = 600, color = '#2f7d4a' } = {}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** multipart/form-data from plain fields; Buffer values become files named `<field>.jpg`. */
export function formData(fields: Record<string, string | Buffer | Buffer[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    values.forEach((item, i) => {
      if (typeof item === 'string') form.append(name, item);
      else form.append(name, new Blob([new Uint8Array(item)], { type: 'image/jpeg' }), `${name.replace(/\W/g, '')}-${i + 1}.jpg`);
    });
  }
  return form;
}

/** A GET through nginx as the run's admin. */
export async function adminGet<T = unknown>(pathname: string): Promise<{ status: number; body: T }> {
  return api<T>(pathname, { token: await adminToken() });
}

/** A JSON POST through nginx as the run's admin. */
export async function postJson<T = unknown>(pathname: string, body: unknown): Promise<{ status: number; body: T }> {
  return api<T>(pathname, { ...json(body), token: await adminToken() });
}

type Fields = Record<string, string | Buffer | Buffer[] | undefined>;

async function created<T>(pathname: string, fields: Fields): Promise<T> {
  const { status, body } = await api<{ data: T; message: string }>(pathname, { method: 'POST', token: await adminToken(), body: formData(fields) });
  if (status !== 201) throw new Error(`${pathname} answered ${status}: ${body.message}`);
  return body.data;
}

/** A post (published unless `status: 'draft'`); `image` is its picture. */
export const addPost = (fields: Fields) => created<Blog>('/api/add_blog.php', fields);
/** A photo for a post's text (`upload_media.php`), as its document refers to it. */
export const uploadMedia = (fields: Fields) => created<components['schemas']['MediaImage']>('/api/upload_media.php', fields);
/** One gallery item per file in `image` or `images[]`. */
export const addPhotos = (fields: Fields) => created<GalleryItem[]>('/api/add_gallery_image.php', fields);

export async function removePosts(ids: string[]): Promise<void> {
  for (const id of ids) await postJson('/api/delete_blog.php', { id });
}

export async function removePhotos(ids: string[]): Promise<void> {
  for (const id of ids) await postJson('/api/gallery_delete.php', { id });
}

/** An account the admin adds (name, email, role, password); resolves to its id. */
export async function addUser(user: { name: string; email: string; role: string; password: string }): Promise<string> {
  const { status, body } = await postJson<{ data: { id: string }; message: string }>('/api/add_user.php', user);
  if (status !== 200) throw new Error(`add_user.php answered ${status}: ${body.message}`);
  return body.data.id;
}

/** Deletes, through `deletePath`, every item of the admin's list at `listPath` whose `field` holds `tag`. */
export async function removeTagged(listPath: string, deletePath: string, tag: string, field = 'email'): Promise<void> {
  const { body } = await adminGet<{ data: Array<Record<string, string>> }>(listPath);
  for (const item of body.data.filter((entry) => entry[field]?.includes(tag))) await postJson(deletePath, { id: item.id });
}

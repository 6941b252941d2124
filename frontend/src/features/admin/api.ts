import { api } from '../../api/client';
import { failureMessage } from '../../api/failure';
import type { components } from '../../api/schema.gen';
import type { Blog, GalleryItem } from '../../api/types';
import { adminMessages } from './messages';

export type Volunteer = components['schemas']['Volunteer'];
export type Stats = components['schemas']['Stats'];

/** What every admin call gives back: the data, or one sentence to show the admin. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Runs a call and turns an unreachable server, or an answer that is not the API's JSON, into
 * the spec's "Error connecting to server".
 */
async function attempt<T>(call: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, message: adminMessages.noConnection };
  }
}

const failed = <T>(error: unknown, fallback: string): Outcome<T> => ({ ok: false, message: failureMessage(error) || fallback });

export function fetchAdminBlogs(): Promise<Outcome<Blog[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_blogs.php');
    // Without fields=summary every post comes whole.
    return Array.isArray(data) ? { ok: true, data: data as Blog[] } : failed(error, adminMessages.blogsLoadFailed);
  });
}

export function fetchAdminBlog(id: string): Promise<Outcome<Blog>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_blog.php', { params: { query: { id } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.blogsLoadFailed);
  });
}

/** Deletes a post; the outcome carries the server's message either way. */
export function deleteBlog(id: string): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/delete_blog.php', { body: { id } });
    return data?.success ? { ok: true, data: data.message || adminMessages.blogDeleted } : failed(error, adminMessages.blogDeleteFailed);
  });
}

export function fetchAdminGallery(): Promise<Outcome<GalleryItem[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_gallery_images.php');
    if (data?.success && Array.isArray(data.data)) return { ok: true, data: data.data };
    return failed(error, adminMessages.galleryLoadFailed);
  });
}

export function deleteGalleryItem(id: string): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/gallery_delete.php', { body: { id } });
    // The spec's own success sentence, not the server's: it is the text the admin knows.
    return data?.success ? { ok: true, data: adminMessages.galleryDeleted } : failed(error, adminMessages.galleryDeleteFailed);
  });
}

export function fetchVolunteers(): Promise<Outcome<Volunteer[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_volunteers.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.volunteersLoadFailed);
  });
}

export function fetchStats(): Promise<Outcome<Stats>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_stats.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.statsLoadFailed);
  });
}

import { api } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { apiMessages } from '../../api/messages';
import type { components } from '@ngo-site/shared/contract';
import type { Blog, GalleryItem } from '../../api/types';
import type { PostStatus } from '../../routes/admin/-dashboard-search';
import { totalCount } from '../listing/listing';
import { adminMessages } from './messages';

export type Volunteer = components['schemas']['Volunteer'];
export type Stats = components['schemas']['Stats'];

/** What every admin call gives back: the data, or one sentence to show the admin. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Runs a call and turns an unreachable server, or an answer that is not the API's JSON, into
 * the spec's "Error connecting to server".
 */
export async function attempt<T>(call: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, message: apiMessages.noConnection };
  }
}

/** A refusal or a failed call as the admin shows it: the server's sentence, else `fallback`. */
export const failed = <T>(error: unknown, fallback: string): Outcome<T> & { ok: false } => ({ ok: false, message: failureMessage(error) || fallback });

/** A write's answer as an outcome: the server's sentence ("Blog post deleted successfully"), or why it failed. */
export function sentence(answer: { data?: { success: boolean; message: string }; error?: unknown }, fallback: string): Outcome<string> {
  const { data, error } = answer;
  return data?.success ? { ok: true, data: data.message } : failed(error, fallback);
}

/** Rows per page of the admin's lists. */
export const adminPageSize = 25;

/** Which page of a list, searched for what (the dashboard's address keeps both). */
export interface AdminListSearch {
  page?: number;
  q?: string;
}

/** One page of an admin list, and how many rows the list has over all pages. */
export interface AdminPage<T> {
  items: T[];
  total: number;
}

export const pageQuery = ({ page, q }: AdminListSearch) => ({ limit: adminPageSize, page: page ?? 1, ...(q?.trim() ? { q: q.trim() } : {}) });

export function paged<T>(answer: { data?: { success: true; data: T[] }; error?: unknown; response: Response }, fallback: string): Outcome<AdminPage<T>> {
  const { data, error, response } = answer;
  return data?.success ? { ok: true, data: { items: data.data, total: totalCount(response, data.data.length) } } : failed(error, fallback);
}

export function fetchAdminBlogs(search: AdminListSearch & { status?: PostStatus } = {}): Promise<Outcome<AdminPage<Blog>>> {
  // Every post, drafts included: the public get_blogs.php never lists a draft.
  const query = { ...pageQuery(search), ...(search.status ? { status: search.status } : {}) };
  return attempt(async () => paged(await api.GET('/api/get_all_blogs.php', { params: { query } }), adminMessages.blogsLoadFailed));
}

export function fetchAdminBlog(id: string): Promise<Outcome<Blog>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/preview_blog.php', { params: { query: { id } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.blogsLoadFailed);
  });
}

/** A link to the post's page as the server renders it, whatever its status or schedule (15 minutes). */
export function fetchPreviewLink(id: string): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_blog_preview_link.php', { params: { query: { id } } });
    return data?.success ? { ok: true, data: data.data.url } : failed(error, adminMessages.previewFailed);
  });
}

/** Deletes a post; the outcome carries the server's message either way ("Blog post deleted successfully"). */
export function deleteBlog(id: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_blog.php', { body: { id } }), adminMessages.blogDeleteFailed));
}

export function fetchAdminGallery(search: AdminListSearch = {}): Promise<Outcome<AdminPage<GalleryItem>>> {
  return attempt(async () => paged(await api.GET('/api/get_gallery_images.php', { params: { query: pageQuery(search) } }), adminMessages.galleryLoadFailed));
}

export function deleteGalleryItem(id: string): Promise<Outcome<string>> {
  // The server's sentence is the spec's: Image deleted successfully!
  return attempt(async () => sentence(await api.POST('/api/gallery_delete.php', { body: { id } }), adminMessages.galleryDeleteFailed));
}

export function fetchVolunteers(search: AdminListSearch = {}): Promise<Outcome<AdminPage<Volunteer>>> {
  return attempt(async () => paged(await api.GET('/api/get_volunteers.php', { params: { query: pageQuery(search) } }), adminMessages.volunteersLoadFailed));
}

/** A CSV download of the admin's (the server logs who downloaded it, and when), named as the server names it. */
export function downloadCsv(
  path: '/api/export_volunteers.php' | '/api/export_subscribers.php',
  fallback: string,
): Promise<Outcome<{ file: Blob; name: string }>> {
  return attempt(async () => {
    const { data, error, response } = await api.GET(path, { parseAs: 'blob' });
    if (!data) return failed(error, fallback);
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download.csv';
    return { ok: true, data: { file: data, name } };
  });
}

/** Every registration as the server's CSV file. */
export const exportVolunteers = () => downloadCsv('/api/export_volunteers.php', adminMessages.volunteersExportFailed);

export type AuditLogEntry = components['schemas']['AuditLogEntry'];

export function fetchAuditLog(): Promise<Outcome<AuditLogEntry[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_audit_log.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.auditLogLoadFailed);
  });
}

export function fetchStats(): Promise<Outcome<Stats>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_stats.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.statsLoadFailed);
  });
}

export type ContactMessage = components['schemas']['ContactMessage'];
export interface MessageList extends AdminPage<ContactMessage> {
  /** Unread messages over all pages. */
  unread: number;
}

/** A page of messages; the sidebar's badge asks for one message only, for the unread count. */
export function fetchMessages(search: AdminListSearch = {}, limit = adminPageSize): Promise<Outcome<MessageList>> {
  return attempt(async () => {
    const { data, error, response } = await api.GET('/api/get_messages.php', { params: { query: { ...pageQuery(search), limit } } });
    if (!data?.success) return failed(error, adminMessages.messagesLoadFailed);
    return { ok: true, data: { items: data.data, total: totalCount(response, data.data.length), unread: data.unread } };
  });
}

export function markMessage(id: string, read: boolean): Promise<Outcome<ContactMessage>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/update_message.php', { body: { id, read } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.messageUpdateFailed);
  });
}

export function deleteMessage(id: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_message.php', { body: { id } }), adminMessages.messageDeleteFailed));
}

/** Erases one registration (`id`) or every registration of one address (`email`). */
export function eraseVolunteers(target: { id: string } | { email: string }): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/delete_volunteer.php', { body: target }), adminMessages.volunteerDeleteFailed));
}

// Page views (the Analytics section).
export type Analytics = components['schemas']['Analytics'];
export type AnalyticsRange = Analytics['days'];

export function fetchAnalytics(days: AnalyticsRange = 30): Promise<Outcome<Analytics>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_analytics.php', { params: { query: { days } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.analyticsLoadFailed);
  });
}

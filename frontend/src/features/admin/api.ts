import { api } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { apiMessages } from '../../api/messages';
import type { components } from '@ngo-site/contract';
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
export async function attempt<T>(call: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, message: apiMessages.noConnection };
  }
}

const failed = <T>(error: unknown, fallback: string): Outcome<T> => ({ ok: false, message: failureMessage(error) || fallback });

export function fetchAdminBlogs(): Promise<Outcome<Blog[]>> {
  return attempt(async () => {
    // Every post, drafts included: the public get_blogs.php never lists a draft.
    const { data, error } = await api.GET('/api/get_all_blogs.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.blogsLoadFailed);
  });
}

export function fetchAdminBlog(id: string): Promise<Outcome<Blog>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/preview_blog.php', { params: { query: { id } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.blogsLoadFailed);
  });
}

/** Deletes a post; the outcome carries the server's message either way ("Blog post deleted successfully"). */
export function deleteBlog(id: string): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/delete_blog.php', { body: { id } });
    return data?.success ? { ok: true, data: data.message } : failed(error, adminMessages.blogDeleteFailed);
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
    // The server's sentence is the spec's: Image deleted successfully!
    return data?.success ? { ok: true, data: data.message } : failed(error, adminMessages.galleryDeleteFailed);
  });
}

/** `export`: the list is read to be downloaded, which the server writes to its audit log. */
export function fetchVolunteers(purpose?: 'export'): Promise<Outcome<Volunteer[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_volunteers.php', { params: { query: purpose ? { purpose } : {} } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.volunteersLoadFailed);
  });
}

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
export interface MessageList {
  messages: ContactMessage[];
  unread: number;
}

export function fetchMessages(): Promise<Outcome<MessageList>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_messages.php');
    return data?.success ? { ok: true, data: { messages: data.data, unread: data.unread } } : failed(error, adminMessages.messagesLoadFailed);
  });
}

export function markMessage(id: string, read: boolean): Promise<Outcome<ContactMessage>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/update_message.php', { body: { id, read } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.messageUpdateFailed);
  });
}

export function deleteMessage(id: string): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/delete_message.php', { body: { id } });
    return data?.success ? { ok: true, data: data.message } : failed(error, adminMessages.messageDeleteFailed);
  });
}

/** Erases one registration (`id`) or every registration of one address (`email`). */
export function eraseVolunteers(target: { id: string } | { email: string }): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/delete_volunteer.php', { body: target });
    return data?.success ? { ok: true, data: data.message } : failed(error, adminMessages.volunteerDeleteFailed);
  });
}

// --- issue 12: page views ---
export type Analytics = components['schemas']['Analytics'];
export type AnalyticsRange = Analytics['days'];

export function fetchAnalytics(days: AnalyticsRange = 30): Promise<Outcome<Analytics>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_analytics.php', { params: { query: { days } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, adminMessages.analyticsLoadFailed);
  });
}
// --- end issue 12: page views ---

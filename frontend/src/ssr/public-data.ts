import type { Blog, BlogSummary, GalleryItem } from '../api/types';
import type { ListPage, ListSearch } from '../features/listing/listing';
import type { Lang } from '../i18n/paths';

/**
 * Where the public pages' loaders read published content. In the browser they ask the API; when
 * the backend renders a page it hands its own in-process source over (the published-content
 * cache), so a rendered page never makes an HTTP call back to itself.
 */
export interface PublicData {
  blogPage(search: ListSearch, lang: Lang): Promise<ListPage<BlogSummary>>;
  /** null: no published post with that id. */
  blogPost(id: string, lang: Lang): Promise<Blog | null>;
  galleryPage(search: ListSearch, lang: Lang): Promise<ListPage<GalleryItem>>;
}

let serverData: PublicData | null = null;

/** The server entry sets its source once, before it renders anything. */
export function setServerData(source: PublicData): void {
  serverData = source;
}

/** The server's source while rendering on the server; null in the browser. */
export function serverPublicData(): PublicData | null {
  return serverData;
}

/**
 * The API client, loaded on first use: a page the server rendered hydrates with the data it came
 * with, so the client (openapi-fetch, retries) stays out of the JavaScript loaded before that.
 */
export async function apiClient() {
  return (await import('../api/client')).api;
}

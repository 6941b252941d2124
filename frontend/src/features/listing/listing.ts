// Pages of a public list (the blog, the gallery): the URL's ?page=&q=&category= as the list's
// search parameters, and one page of 12 fetched from the server with its total (X-Total-Count).
// A page URL can be shared, and the back button returns to the page before.

import { listPageSize as pageSize, type ListPage, type ListSearch } from '@ngo-site/shared';

export type { ListPage, ListSearch };

/** openapi.yaml's ProgramId. */
const programId = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * The URL's search parameters, as the router hands them over, made safe: a page is a whole
 * number from 2 up (1 is the bare URL), the search text a string, the category a program's id
 * (programs are content: any well-formed id, openapi.yaml's ProgramId; one no program has lists nothing).
 */
export function listSearch(search: Record<string, unknown>): ListSearch {
  const page = Number(search.page);
  const q = typeof search.q === 'string' ? search.q.slice(0, 200) : typeof search.q === 'number' ? String(search.q) : '';
  const category = typeof search.category === 'string' && programId.test(search.category) && search.category !== 'all' ? search.category : undefined;
  return {
    page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
    q: q.trim() ? q : undefined,
    category,
  };
}

/** The query a list page asks the API with. */
export function pageQuery({ page, q, category }: ListSearch) {
  return { limit: pageSize, page: page ?? 1, ...(q?.trim() ? { q: q.trim() } : {}), ...(category ? { category } : {}) };
}

/**
 * One page from the API. The spec's pages show an empty list when the fetch fails or the answer
 * is not a list, so failures are logged (as `what`) and become an empty page.
 */
export async function fetchListPage<T>(what: string, request: () => Promise<{ data?: unknown; response: Response }>): Promise<ListPage<T>> {
  try {
    const { data, response } = await request();
    if (!response.ok || !Array.isArray(data)) {
      console.warn(`Could not load ${what} (HTTP ${response.status})`);
      return { items: [], total: 0 };
    }
    return { items: data as T[], total: totalCount(response, data.length) };
  } catch (error) {
    console.warn(`Could not load ${what}`, error);
    return { items: [], total: 0 };
  }
}

export const pageCount = (total: number, size = pageSize) => Math.max(1, Math.ceil(total / size));

/** The total over all pages (X-Total-Count), or the items shown when the header is missing or wrong. */
export function totalCount(response: Response, shown: number): number {
  const total = Number(response.headers.get('X-Total-Count'));
  return Number.isSafeInteger(total) && total >= shown ? total : shown;
}

/**
 * One item of a public read (`{ success, data }`), or null when there is none (404, or 400 for an
 * id that cannot be one). Other failures throw: the page shows its error with a way to try again.
 */
export async function itemOrNull<T>(what: string, request: () => Promise<{ data?: { success: boolean; data: T }; response: Response }>): Promise<T | null> {
  const { data, response } = await request();
  if (data?.success) return data.data;
  if (response.status === 404 || response.status === 400) return null;
  throw new Error(`Could not load ${what} (HTTP ${response.status})`);
}

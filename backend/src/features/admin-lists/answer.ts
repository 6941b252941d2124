// The admin's lists (registrations, messages, posts, the gallery): the whole list for the legacy
// call, or one page with its total in X-Total-Count. Both come from the list this instance holds
// (list-cache.ts); while it is not held (being read, or too large for the memory budget) the
// database answers, a page within a time budget.
import type { FilterQuery, Types } from 'mongoose';
import { HttpError } from '../../http/errors.js';
import { findPage, pageHeaders, type ListPage } from '../listing.js';
import type { ListCache, ListedRow } from './list-cache.js';

export type AdminListQuery = { limit?: number; page?: number; q?: string };

export interface AdminListOptions<T, V> {
  /** The operation's path, for the Link header. */
  path: string;
  /** The fields `q` looks in (case-insensitive, anywhere in the text), in rows and documents alike. */
  searchFields: (keyof V & keyof T & string)[];
  /** A further filter (the posts' status), on a held row and as a database query. */
  where?: { row: (row: V) => boolean; query: FilterQuery<T> };
}

/** How long the database may take over a page of a list that is not held. */
export const unheldPageMs = 2500;
export const listPreparing = 'This list is being prepared. Please try again in a few seconds.';
const maxTimeExpired = 50;

/** A database read of an unheld list that ran out of time: an open 503, not a hung request. */
export function preparingWhenSlow(error: unknown): never {
  if ((error as { code?: unknown }).code === maxTimeExpired) throw new HttpError(503, listPreparing, { headers: { 'Retry-After': '5' } });
  throw error;
}

export async function adminList<T extends { _id: Types.ObjectId }, V extends ListedRow>(
  list: ListCache<T, V>,
  query: AdminListQuery,
  options: AdminListOptions<T, V>,
): Promise<ListPage<V>> {
  const paged = query.limit !== undefined || query.page !== undefined;
  const rows = await list.all();
  if (!rows) {
    const found = await findPage(list.model, query, options.searchFields, {
      path: options.path,
      base: options.where?.query,
      maxTimeMS: paged ? unheldPageMs : undefined,
    }).catch(preparingWhenSlow);
    return { items: found.items.map(list.toRow), headers: found.headers };
  }
  const limit = query.limit ?? 12;
  const page = query.page ?? 1;
  const q = query.q?.trim().toLocaleLowerCase();
  const matches = (row: V) =>
    (!q ||
      options.searchFields.some((field) =>
        String(row[field] ?? '')
          .toLocaleLowerCase()
          .includes(q),
      )) &&
    (options.where?.row(row) ?? true);
  const found = q || options.where ? rows.filter(matches) : rows;
  if (!paged) return { items: [...found] };
  return { items: found.slice((page - 1) * limit, page * limit), headers: pageHeaders(options.path, query, { page, limit, total: found.length }) };
}

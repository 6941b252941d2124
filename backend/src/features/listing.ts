// Pages of a public list: the optional query parameters of get_blogs.php and get_gallery.php
// (limit, page, category, q). Without any of them the whole list comes back, as the spec's
// legacy call expects; the total and the next page travel in headers so the body stays an array.
import type { FilterQuery, Model } from 'mongoose';
import type { RequestParams } from '../contract.js';

/** The page parameters both public lists take (the blog list adds `fields`). */
export type ListQuery = RequestParams<'listPublicGallery'>;

export interface ListPage<T> {
  items: T[];
  /** Set when the query asked for a page: X-Total-Count and Link for the answer. */
  headers?: Record<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Category filter ('all' or empty: every category) and a case-insensitive search over `searchFields`. */
export function listFilter<T>(query: ListQuery, searchFields: string[]): FilterQuery<T> {
  const filter: Record<string, unknown> = {};
  if (query.category && query.category !== 'all') filter.category = query.category;
  const q = query.q?.trim();
  if (q) filter.$or = searchFields.map((field) => ({ [field]: { $regex: escapeRegExp(q), $options: 'i' } }));
  return filter as FilterQuery<T>;
}

/** Newest first; one page (with its headers) when limit or page was given, else everything. */
export async function findPage<T>(
  model: Model<T>,
  query: ListQuery,
  searchFields: string[],
  { path, projection, base, maxTimeMS }: { path: string; projection?: Record<string, 0>; base?: FilterQuery<T>; maxTimeMS?: number },
): Promise<ListPage<T>> {
  // `base` is what the list may hold at all (the public blog: published posts only); `maxTimeMS`
  // bounds the database's work (it answers error 50 when that runs out).
  const filter = base ? ({ $and: [base, listFilter<T>(query, searchFields)] } as FilterQuery<T>) : listFilter<T>(query, searchFields);
  const find = () => {
    const found = model.find(filter, projection).sort({ createdAt: -1, _id: -1 });
    return maxTimeMS === undefined ? found : found.maxTimeMS(maxTimeMS);
  };
  if (query.limit === undefined && query.page === undefined) return { items: await find().lean<T[]>() };
  const limit = query.limit ?? 12;
  const page = query.page ?? 1;
  const [items, total] = await Promise.all([
    find()
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<T[]>(),
    maxTimeMS === undefined ? model.countDocuments(filter) : model.countDocuments(filter).maxTimeMS(maxTimeMS),
  ]);
  return { items, headers: pageHeaders(path, query, { page, limit, total }) };
}

/** X-Total-Count, and a Link to the next and previous pages that keeps the query's other parameters. */
export function pageHeaders(path: string, query: Record<string, unknown>, { page, limit, total }: { page: number; limit: number; total: number }) {
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  const link = (n: number, rel: string) => {
    const params = new URLSearchParams();
    const values: Record<string, unknown> = { ...query, limit, page: n };
    for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(name, String(value));
    return `<${path}?${params}>; rel="${rel}"`;
  };
  const links = [];
  if (page * limit < total) links.push(link(page + 1, 'next'));
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (links.length) headers.Link = links.join(', ');
  return headers;
}

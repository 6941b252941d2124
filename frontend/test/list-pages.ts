import { json } from './api-fetch';

/**
 * A stand-in for a paged public list (get_blogs.php, get_gallery.php): answers one page of
 * `items` for the request's limit, page, category and q (matched against `searchable`), with the
 * total in X-Total-Count, as openapi.yaml describes. The real filtering is the backend's, tested there.
 */
export function pagedList<T extends { category: string }>(items: T[], searchable: (item: T) => string[]) {
  return (request: Request) => {
    const query = new URL(request.url).searchParams;
    const limit = Number(query.get('limit') ?? items.length);
    const page = Number(query.get('page') ?? 1);
    const category = query.get('category');
    const q = query.get('q')?.toLowerCase();
    const matching = items.filter(
      (item) => (!category || item.category === category) && (!q || searchable(item).some((text) => text.toLowerCase().includes(q))),
    );
    const response = json(matching.slice((page - 1) * limit, page * limit));
    response.headers.set('X-Total-Count', String(matching.length));
    return response;
  };
}

/** The query parameters of each request made to `pathname`, as plain objects. */
export const queriesTo = (requests: Request[], pathname: string) =>
  requests.filter((request) => new URL(request.url).pathname === pathname).map((request) => Object.fromEntries(new URL(request.url).searchParams));

/**
 * A stand-in for a paged admin list (get_volunteers.php, get_messages.php, get_all_blogs.php,
 * get_gallery_images.php): `{ success: true, data }` with one page for the request's limit, page,
 * q (matched against `searchable`) and status, the total in X-Total-Count, and `extra` fields
 * (the messages' unread count). The real paging and search are the backend's, tested there.
 */
export function pagedAdminList<T>(items: T[], searchable: (item: T) => string[], extra: Record<string, unknown> = {}) {
  return (request: Request) => {
    const query = new URL(request.url).searchParams;
    const limit = Number(query.get('limit') ?? items.length);
    const page = Number(query.get('page') ?? 1);
    const q = query.get('q')?.toLowerCase();
    const status = query.get('status');
    const matching = items.filter(
      (item) => (!q || searchable(item).some((text) => text.toLowerCase().includes(q))) && (!status || (item as { status?: string }).status === status),
    );
    return json({ success: true, ...extra, data: matching.slice((page - 1) * limit, page * limit) }, 200, { 'X-Total-Count': String(matching.length) });
  };
}

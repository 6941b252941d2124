import { setApiFetch } from '../src/api/client';
import { pageApi } from './pages';

type Handler = (request: Request) => Response | Promise<Response>;

/** A JSON answer, as the API sends it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** What fetch does when the server cannot be reached. */
export const unreachable: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

/**
 * Hands the API client a fetch that answers from `handlers`, keyed by "METHOD /path"
 * (e.g. "GET /api/get_blogs.php"). Unknown paths answer 404. Returns the requests made, in order.
 */
export function serveApi(handlers: Record<string, Handler>): { requests: Request[] } {
  const requests: Request[] = [];
  setApiFetch(async (request) => {
    const { pathname } = new URL(request.url);
    const handler = handlers[`${request.method} ${pathname}`];
    // Every page reads the live settings; a test that does not serve them sees the defaults and
    // does not count that read among its requests. So with the pages' content: the first content.
    if (!handler && pathname === '/api/get_settings.php') return json({ success: false, message: 'Not found' }, 404);
    if (!handler && pathname === '/api/get_page.php') return pageApi()(request);
    if (!handler && pathname === '/api/get_campaigns.php') return json({ success: true, data: [] });
    requests.push(request.clone());
    return handler ? handler(request) : json({ success: false, message: 'Not found' }, 404);
  });
  return { requests };
}

import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@ngo-site/shared/contract';
import { useSession } from '../stores/session';
import { isRetryableStatus, newIdempotencyKey, withRetries } from './retry';

type FetchFunction = (request: Request) => Promise<Response>;

const browserFetch: FetchFunction = (request) => globalThis.fetch(request);
let currentFetch: FetchFunction = browserFetch;

/** Tests hand the client a fetch of their own (see frontend/test/api-fetch.ts); nothing else should. */
export function setApiFetch(fetchFunction: FetchFunction): void {
  currentFetch = fetchFunction;
}

export function resetApiFetch(): void {
  currentFetch = browserFetch;
}

const authorization: Middleware = {
  onRequest({ request }) {
    const { token } = useSession.getState();
    // A request of one's own page (/my) carries its own session, never the admin's token.
    if (token && !request.headers.has('Authorization') && !request.headers.has('X-My-Session')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
  onResponse({ request, response }) {
    // A 401 on a call that carried a token means the token expired or was revoked.
    if (response.status === 401 && request.headers.has('Authorization')) {
      useSession.getState().logout();
    }
    return response;
  },
};

/** Reads go once; every write gets an Idempotency-Key and is retried with it (see retry.ts). */
function sendOnce(request: Request): Promise<Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return currentFetch(request);
  if (!request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', newIdempotencyKey());
  return withRetries(
    () => currentFetch(request.clone()),
    (response) => isRetryableStatus(response.status, response.headers.has('Retry-After')),
  );
}

// Request needs an absolute URL outside the browser (tests); in the browser this is the page's origin.
const baseUrl = typeof location === 'undefined' ? 'http://localhost' : location.origin;

/** The one client of the site's API, typed from openapi.yaml. */
export const api = createClient<paths>({ baseUrl, fetch: sendOnce });
api.use(authorization);

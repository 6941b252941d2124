import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen';
import { useSession } from '../stores/session';

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
    if (token && !request.headers.has('Authorization')) {
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

// Request needs an absolute URL outside the browser (tests); in the browser this is the page's origin.
const baseUrl = typeof location === 'undefined' ? 'http://localhost' : location.origin;

/** The one client of the site's API, typed from openapi.yaml. */
export const api = createClient<paths>({ baseUrl, fetch: (request) => currentFetch(request) });
api.use(authorization);

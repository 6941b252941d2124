// The site's service worker (docs/offline.md): an anonymous form sent while the phone is offline
// is kept in IndexedDB and sent by itself once the network is back, each with its own
// Idempotency-Key so the server stores it once; visited public pages come from the network, and
// stay readable offline (marked as a saved copy).
'use strict';

/** Raised when what is cached changes shape: activation removes every cache of another version. */
const version = 'v1';
const pagesCache = `pages-${version}`;
const assetsCache = `assets-${version}`;

/** The anonymous forms (openapi.yaml, x-anonymous-form) that are kept when sent offline. */
const keptForms = [
  '/api/volunteer_save.php',
  '/api/contact_save.php',
  '/api/donation_save.php',
  '/api/pledge_save.php',
  '/api/request_my_link.php',
  '/api/rsvp_save.php',
  '/api/cancel_rsvp.php',
  '/api/subscribe.php',
  '/api/confirm_guardian_consent.php',
];
const syncTag = 'send-kept-forms';
const keptMessage = 'Your form is kept on this phone and will be sent when it is back online.';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== pagesCache && name !== assetsCache).map((name) => caches.delete(name)));
      await self.clients.claim();
      await Promise.all([sendKeptForms(), keepOpenPages()]);
    })(),
  );
});

// Background Sync where the browser has it; otherwise a page asks when it loads or comes online.
self.addEventListener('sync', (event) => {
  if (event.tag === syncTag) event.waitUntil(sendKeptForms({ throwIfLeft: true }));
});
self.addEventListener('message', (event) => {
  if (event.data?.type === 'send-kept-forms') event.waitUntil(sendKeptForms());
  if (event.data?.type === 'keep-assets') event.waitUntil(keepAssets(event.data.urls));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && keptForms.includes(url.pathname) && !request.headers.has('Authorization')) {
    event.respondWith(sendOrKeep(request));
  } else if (request.method !== 'GET') {
    return;
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate' && isPublicPage(url.pathname) && !isPersonal(url) && !request.headers.has('Authorization')) {
    event.respondWith(networkFirstPage(event, request));
  } else if (isPublicPageContent(url) && !request.headers.has('Authorization')) {
    // A page's content read on a navigation inside the site: the network's while there is one
    // (an edit shows at once), the last one kept when the phone is offline.
    event.respondWith(networkFirst(request));
  }
});

/** A public page's content in one language (get_page.php), which a navigation inside the site reads. */
const isPublicPageContent = (url) =>
  ['/api/get_page.php', '/api/get_campaigns.php', '/api/get_campaign.php'].includes(url.pathname) &&
  ['en', 'hi', null].includes(url.searchParams.get('lang')) &&
  !url.searchParams.has('drafts');

/**
 * The public pages, in English and under /hi, and nothing else: never the admin area, the login
 * and its password links, the API, or a page added later that might be personal.
 */
const publicPage =
  /^(\/hi)?(\/(about|programs|blog(\/[^/]+)?|events(\/[^/]+)?|contact|donate(\/monthly)?|campaigns\/[^/]+|gallery|volunteer|my|newsletter|transparency|privacy\/(volunteer|contact|donate)))?\/?$/;
const isPublicPage = (pathname) => publicPage.test(pathname);
/** A sign-up's cancellation link (/events?cancel=<token>) is that person's own: never kept. */
const isPersonal = (url) => url.searchParams.has('cancel');

/**
 * An answer this phone may keep: a 200 of this origin that does not say no-store. A form's page
 * is `private` (its hidden fields are this visitor's own): kept here, so the form opens offline.
 */
function cacheable(response) {
  const control = response.headers.get('Cache-Control') ?? '';
  return response.status === 200 && response.type === 'basic' && !/no-store/i.test(control);
}

/** At most this many answers per cache, the oldest out first: a cheap phone has little room. */
const cacheLimits = { [pagesCache]: 40, [assetsCache]: 120 };

async function put(cacheName, request, response) {
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - cacheLimits[cacheName])).map((key) => cache.delete(key)));
}

/**
 * The page a visitor opened before this worker was in control is kept too, with the build's files
 * it names (mostly still in the browser's HTTP cache), so the very first visit reads offline.
 */
async function keepOpenPages() {
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || !isPublicPage(url.pathname) || isPersonal(url)) continue;
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!cacheable(response)) continue;
      const html = await response.clone().text();
      await put(pagesCache, url.href, response);
      const assets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((match) => match[1]));
      await Promise.all([...assets].map((asset) => cacheFirst(new Request(asset)).catch(() => undefined)));
    } catch {
      // Offline or refused: the page is kept at its next visit instead.
    }
  }
}

/** The build's files a page loaded before this worker was in control (at most 100, this site's /assets/ only). */
async function keepAssets(urls) {
  const assets = (Array.isArray(urls) ? urls : []).slice(0, 100).filter((url) => typeof url === 'string' && url.startsWith(`${self.location.origin}/assets/`));
  await Promise.all(assets.map((url) => cacheFirst(new Request(url)).catch(() => undefined)));
}

async function cacheFirst(request) {
  const cache = await caches.open(assetsCache);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) await put(assetsCache, request, response.clone());
  return response;
}

/** How long a page may take from the network before the kept copy is shown instead (a slow mobile network). */
const networkTimeoutMs = 3000;

/**
 * A visited page: from the network, so a returning visitor sees today's site (a new post on the
 * blog). The kept copy only when the phone is offline, or when the network has not answered
 * within `networkTimeoutMs` (the network's answer still updates the copy for next time), marked
 * on the page as a saved copy.
 */
async function networkFirstPage(event, request) {
  const fresh = fetch(request).then(async (response) => {
    if (cacheable(response)) await put(pagesCache, request, response.clone());
    return response;
  });
  event.waitUntil(fresh.catch(() => undefined));
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, networkTimeoutMs)));
  try {
    const answer = await Promise.race([fresh, late]);
    if (answer) return answer;
  } catch {
    // Offline: the kept copy, if there is one.
  } finally {
    clearTimeout(timer);
  }
  const cached = await (await caches.open(pagesCache)).match(request, { ignoreVary: true });
  return cached ? savedCopy(cached, new URL(request.url).pathname) : fresh;
}

const savedCopyTexts = {
  en: (when) => `Saved copy from ${when}. You are offline or the network is slow: this page may be out of date.`,
  hi: (when) => `${when} की सहेजी गई प्रति। आप ऑफ़लाइन हैं या नेटवर्क धीमा है: यह पेज पुराना हो सकता है।`,
};

/**
 * The kept copy of a page, marked "Saved copy from …" in its language (outside the app's root, so
 * React leaves it as it is), and with an idempotency key of its own for its form's plain post, so
 * a form sent from it is never taken for the one the copy was first served with.
 */
async function savedCopy(cached, pathname) {
  const lang = pathname === '/hi' || pathname.startsWith('/hi/') ? 'hi' : 'en';
  const servedAt = new Date(cached.headers.get('Date') ?? Date.now());
  const when = new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(servedAt);
  const mark = `<p class="saved-copy" lang="${lang}" data-saved-at="${servedAt.toISOString()}">${savedCopyTexts[lang](when)}</p>`;
  const html = (await cached.text())
    .replace(/<body([^>]*)>/, (body) => `${body}${mark}`)
    .replace(/(<input type="hidden" name="idempotency_key" value=")[^"]*(")/g, (_field, start, end) => `${start}${crypto.randomUUID()}${end}`);
  const headers = new Headers(cached.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(html, { status: cached.status, statusText: cached.statusText, headers });
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (cacheable(response)) await put(pagesCache, request, response.clone());
    return response;
  } catch (error) {
    const cached = await (await caches.open(pagesCache)).match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

/** Sends the form; when no answer comes, keeps it and tells the page so at once (202). */
async function sendOrKeep(request) {
  const body = await request.clone().text();
  try {
    return await fetch(request);
  } catch {
    const key = request.headers.get('Idempotency-Key') || crypto.randomUUID();
    await store('readwrite', (forms) =>
      forms.put({ key, url: request.url, body, contentType: request.headers.get('Content-Type') || 'application/json', keptAt: Date.now() }),
    );
    await self.registration.sync?.register(syncTag).catch(() => undefined);
    return new Response(JSON.stringify({ success: true, queued: true, message: keptMessage }), {
      status: 202,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Kept-Offline': key },
    });
  }
}

let sending;

/** Sends every kept form once at a time; a second call while sending waits for the same run. */
function sendKeptForms({ throwIfLeft = false } = {}) {
  sending ??= sendAll().finally(() => (sending = undefined));
  return sending.then((left) => {
    if (left > 0 && throwIfLeft) throw new Error(`${left} kept forms not sent yet`);
  });
}

/** A refusal a retry would only repeat; 408, 429 and a 409 with Retry-After are worth another try. */
const isFinal = (response) =>
  (response.status >= 200 && response.status < 300) ||
  (response.status >= 400 &&
    response.status < 500 &&
    response.status !== 408 &&
    response.status !== 429 &&
    !(response.status === 409 && response.headers.has('Retry-After')));

async function sendAll() {
  const forms = await store('readonly', (store) => store.getAll());
  let left = forms.length;
  for (const form of forms) {
    let response;
    try {
      response = await fetch(form.url, { method: 'POST', headers: { 'Content-Type': form.contentType, 'Idempotency-Key': form.key }, body: form.body });
    } catch {
      break; // still offline: the rest waits for the next chance
    }
    if (!isFinal(response)) continue;
    const answer = await response.json().catch(() => ({}));
    await store('readwrite', (store) => store.delete(form.key));
    left--;
    const path = new URL(form.url).pathname;
    const clients = await self.clients.matchAll({ type: 'window' });
    for (const client of clients) client.postMessage({ type: 'kept-form-sent', key: form.key, path, ok: response.ok, message: answer.message ?? '' });
  }
  return left;
}

/** One transaction on the kept forms; resolves with the result of the request `run` makes. */
function store(mode, run) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('kept-forms', 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('forms', { keyPath: 'key' });
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const transaction = db.transaction('forms', mode);
      const request = run(transaction.objectStore('forms'));
      transaction.oncomplete = () => {
        db.close();
        resolve(request.result);
      };
      transaction.onerror = () => {
        db.close();
        reject(transaction.error);
      };
    };
  });
}

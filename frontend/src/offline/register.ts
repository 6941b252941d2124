// Registers the service worker (public/sw.js, docs/offline.md) once the page has loaded, so it
// never competes with the first paint, and asks it to send any kept form on each load and each
// time the phone comes back online (where the browser has no Background Sync).

const askToSend = () => navigator.serviceWorker.controller?.postMessage({ type: 'send-kept-forms' });

/**
 * The build's files this page loaded before the worker was in control (the app and its route's
 * chunks), for the worker to keep: without them a page read offline would show but not work.
 */
const keepLoadedAssets = (registration: ServiceWorkerRegistration) => {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`));
  registration.active?.postMessage({ type: 'keep-assets', urls });
};

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').then(askToSend, () => undefined);
    void navigator.serviceWorker.ready.then(keepLoadedAssets);
    window.addEventListener('online', askToSend);
  };
  if (document.readyState === 'complete') setTimeout(register);
  else window.addEventListener('load', () => setTimeout(register), { once: true });
}

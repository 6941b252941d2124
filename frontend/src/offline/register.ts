// Registers the service worker (public/sw.js, docs/offline.md) once the page has loaded, so it
// never competes with the first paint, and asks it to send any kept form on each load and each
// time the phone comes back online (where the browser has no Background Sync).

const askToSend = () => navigator.serviceWorker.controller?.postMessage({ type: 'send-kept-forms' });

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').then(askToSend, () => undefined);
    window.addEventListener('online', askToSend);
  };
  if (document.readyState === 'complete') setTimeout(register);
  else window.addEventListener('load', () => setTimeout(register), { once: true });
}

/** Where the service worker is served (apps/web/public/sw.js): at the root, so its scope is the app. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the app's service worker; resolves once it is active (a push subscription needs that). */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  // updateViaCache 'none': each update check asks the server, whatever the HTTP cache holds.
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

/**
 * At app start, in production builds and browsers that have service workers: registers the worker
 * (decision 0048) after the page has loaded, so it never competes with the first render. It makes
 * the app installable and keeps push working; it caches nothing. Development builds register it
 * only when the user turns alerts on.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void activeServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

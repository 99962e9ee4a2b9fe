/**
 * Where the service worker is served: at the root, so its scope is the app. The build writes it to
 * dist/sw.js from src-sw/sw.ts (decision 0128); the dev server serves the same source as a module.
 */
export const SERVICE_WORKER_URL = import.meta.env.DEV ? '/dev-sw.js?dev-sw' : '/sw.js';

/** Registers the app's service worker; resolves once it is active (a push subscription needs that). */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  // updateViaCache 'none': each update check asks the server, whatever the HTTP cache holds.
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, {
    scope: '/',
    updateViaCache: 'none',
    type: import.meta.env.DEV ? 'module' : 'classic',
  });
  return navigator.serviceWorker.ready;
}

/**
 * At app start, in production builds and browsers that have service workers: registers the worker
 * after the page has loaded, so it never competes with the first render. It makes the app installable,
 * precaches the app shell so the installed app opens offline (decision 0128) and shows pushed alerts
 * (decision 0048). Development builds register it only when the user turns alerts on.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void activeServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

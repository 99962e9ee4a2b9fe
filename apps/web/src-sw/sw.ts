/// <reference lib="webworker" />
/*
 * Emberwatch's service worker, built by vite-plugin-pwa's injectManifest (decision 0128): Workbox
 * precaches the app shell of this build — index.html and its hashed files — so the installed app opens
 * with no network, and every page address is answered with that index.html. The data it then shows
 * comes from the persisted query cache (apps/web/src/features/offline/), not from here: API calls pass
 * through untouched, but for the public texts of a language, kept for offline (keptTexts.ts). The push
 * handling (pushHandlers.ts) is ours.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installPushHandlers, type PushScope } from './pushHandlers';
import { SERVER_PAGES } from './serverPages';
import { keptTextsKey, networkThenKept, TEXTS_CACHE } from './keptTexts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// A new build takes over at once. Its precache holds the new build's files; a page of the old build
// still open loads a lazy file it lacks from the network, as it would with no worker at all.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
const precached = self.__WB_MANIFEST;
precacheAndRoute(precached);
// Every address of the app opens its shell; the server's own pages (the e-mail's acknowledgement page,
// health checks) and files go to the network. The dev server's worker precaches nothing (an empty
// list): there every page comes from the dev server, as without a worker.
if (precached.some((e) => (typeof e === 'string' ? e : e.url).replace(/^\//, '') === 'index.html'))
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PAGES }));

// The language's texts (not English, which is in the bundle) kept for opening offline (decision 0145).
registerRoute(
  ({ request }) => keptTextsKey(request, self.location.origin) !== null,
  async ({ request }) =>
    networkThenKept(
      request,
      keptTextsKey(request, self.location.origin)!,
      await caches.open(TEXTS_CACHE),
      (r) => fetch(r),
    ),
);

installPushHandlers(self as unknown as PushScope);

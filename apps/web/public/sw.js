/*
 * Emberwatch's service worker (decision 0048): shows the alerts the server pushes, even with no tab
 * open, and opens the alert's page when one is clicked. Nothing else: no offline copy of the app or
 * of its data — a temperature shown from a cache could be hours old, and a stale alert page is worse
 * than an honest "offline". Served from /sw.js so that its scope is the whole app.
 */

// A new version takes over at once: it has no caches that an old page could still depend on.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A path of this app ("/storages/3/probes/H1"); anything else opens the start page. */
function appPath(url) {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/';
}

function readPayload(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const p = readPayload(event.data);
  const tag = typeof p.tag === 'string' && p.tag ? p.tag : undefined;
  const title = typeof p.title === 'string' && p.title ? p.title : 'Emberwatch';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof p.body === 'string' ? p.body : '',
      // One alert, one notification: its repeat or all-clear replaces it, and rings again.
      tag,
      renotify: tag !== undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: appPath(p.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    appPath(event.notification.data && event.notification.data.url),
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target);
      if (same) return same.focus();
      // A tab of the app already open: bring it forward on the alert's page.
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        try {
          const moved = await open.navigate(target);
          if (moved) return moved.focus();
        } catch {
          // A tab this worker does not control cannot be navigated: open a new one below.
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACK_FROM_PUSH_PATH, installPushHandlers, type PushScope } from '../src-sw/pushHandlers';
import { SERVER_PAGES } from '../src-sw/serverPages';
import { keptTextsKey, networkThenKept, type TextsCache } from '../src-sw/keptTexts';

const ORIGIN = 'https://emberwatch.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** The worker's push handlers against a stand-in of its global scope; `fire` dispatches an event and waits for it. */
function loadWorker(
  windows: FakeWindow[] = [],
  answer: () => Promise<{ ok: boolean }> = () => Promise.resolve({ ok: true }),
) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn((url: string) => Promise.resolve({ url })),
    },
    fetch: vi.fn(answer),
  };
  installPushHandlers(scope as unknown as PushScope);
  async function fire(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return { scope, fire, listeners };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value) as unknown,
  text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

function appWindow(path: string): FakeWindow {
  const w: FakeWindow = {
    url: `${ORIGIN}${path}`,
    focus: vi.fn(() => Promise.resolve(w)),
    navigate: vi.fn((url: string) => Promise.resolve({ ...w, url })),
  };
  return w;
}

describe('the service worker’s push (decisions 0048, 0129)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('listens to push and notificationclick (the precaching is Workbox’s, src-sw/sw.ts)', () => {
    const { listeners } = loadWorker();
    expect([...listeners.keys()].sort()).toEqual(['notificationclick', 'push']);
  });

  it('shows a pushed alert with its title, text and tag, ringing again for a repeat', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', {
      data: pushData({
        title: 'Hot: North barn',
        body: '61.2 °C',
        url: '/storages/3/probes/H1',
        tag: 'alert-12',
      }),
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Hot: North barn', {
      body: '61.2 °C',
      tag: 'alert-12',
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/storages/3/probes/H1' },
    });
  });

  it('still shows something for a payload that is not the JSON it expects', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', { data: pushData('plain words') });
    await fire('push', { data: null });
    expect(scope.registration.showNotification).toHaveBeenNthCalledWith(
      1,
      'Emberwatch',
      expect.objectContaining({ body: 'plain words', tag: undefined, renotify: false, data: { url: '/' } }),
    );
    expect(scope.registration.showNotification).toHaveBeenNthCalledWith(
      2,
      'Emberwatch',
      expect.objectContaining({ body: '' }),
    );
  });

  it('never carries an address outside the app', async () => {
    const { scope, fire } = loadWorker();
    for (const url of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)'])
      await fire('push', { data: pushData({ title: 'x', body: 'y', url, tag: 't' }) });
    for (const [, options] of scope.registration.showNotification.mock.calls as unknown as [
      string,
      { data: unknown },
    ][])
      expect(options.data).toEqual({ url: '/' });
  });

  const click = (url: unknown) => ({ notification: { close: vi.fn(), data: { url } } });

  it('on a click, focuses a tab already on the alert’s page', async () => {
    const there = appWindow('/storages/3/probes/H1');
    const { scope, fire } = loadWorker([appWindow('/probes'), there]);
    const event = click('/storages/3/probes/H1');
    await fire('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(there.focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click, brings an open tab of the app to the alert’s page', async () => {
    const tab = appWindow('/probes');
    const { scope, fire } = loadWorker([tab]);
    await fire('notificationclick', click('/storages/3/probes/H1'));
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/storages/3/probes/H1`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click with no tab open, opens the page; an outside address opens the start page', async () => {
    const { scope, fire } = loadWorker([]);
    await fire('notificationclick', click('/storages/3/probes/H1'));
    await fire('notificationclick', click('https://evil.example/'));
    expect(scope.clients.openWindow.mock.calls).toEqual([[`${ORIGIN}/storages/3/probes/H1`], [`${ORIGIN}/`]]);
  });

  it('opens a new tab when an open one cannot be moved (a tab the worker does not control)', async () => {
    const tab = appWindow('/probes');
    tab.navigate.mockRejectedValue(new TypeError('not controlled'));
    const { scope, fire } = loadWorker([tab]);
    await fire('notificationclick', click('/account/users'));
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/account/users`);
  });
});

describe('a pushed alert’s actions (decision 0129)', () => {
  beforeEach(() => vi.clearAllMocks());
  const alert = {
    title: 'Hot: North barn',
    body: 'Probe H1, depth 3 m in North barn is 61.2 °C, above the limit 55.0 °C.',
    url: '/storages/3/probes/H1',
    tag: 'alert-12',
    ack: { token: '7.2.1900000000.sig', label: 'Acknowledge', openLabel: 'Open the probe' },
  };

  it('offers to open the probe or acknowledge, and keeps the signed token with the notification', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', { data: pushData(alert) });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Hot: North barn',
      expect.objectContaining({
        body: alert.body,
        actions: [
          { action: 'open', title: 'Open the probe' },
          { action: 'ack', title: 'Acknowledge' },
        ],
        data: { url: '/storages/3/probes/H1', ack: '7.2.1900000000.sig' },
      }),
    );
  });

  it('an all-clear (no token) has no actions', async () => {
    const { scope, fire } = loadWorker();
    await fire('push', { data: pushData({ ...alert, ack: undefined }) });
    const [, options] = scope.registration.showNotification.mock.calls[0] as unknown as [string, object];
    expect(options).not.toHaveProperty('actions');
  });

  const ackClick = (action: string) => ({
    action,
    notification: { close: vi.fn(), data: { url: '/storages/3/probes/H1', ack: 'tok' } },
  });

  it('acknowledge posts the token and opens nothing', async () => {
    const { scope, fire } = loadWorker([]);
    await fire('notificationclick', ackClick('ack'));
    expect(scope.fetch).toHaveBeenCalledWith(
      ACK_FROM_PUSH_PATH,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok' }) }),
    );
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a refused or failed acknowledgement opens the alert’s page instead', async () => {
    const refused = loadWorker([], () => Promise.resolve({ ok: false }));
    await refused.fire('notificationclick', ackClick('ack'));
    expect(refused.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/storages/3/probes/H1`);
    const offline = loadWorker([], () => Promise.reject(new TypeError('Failed to fetch')));
    await offline.fire('notificationclick', ackClick('ack'));
    expect(offline.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/storages/3/probes/H1`);
  });

  it('open (or the notification itself) opens the probe without acknowledging', async () => {
    const { scope, fire } = loadWorker([]);
    await fire('notificationclick', ackClick('open'));
    await fire('notificationclick', ackClick(''));
    expect(scope.fetch).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).toHaveBeenCalledTimes(2);
  });
});

describe('the addresses the worker leaves to the server (decision 0128)', () => {
  const served = (path: string) => SERVER_PAGES.some((r) => r.test(path));
  it('the e-mail’s acknowledgement page, health checks and files are the server’s', () => {
    for (const path of [
      '/delivery/ack?a=1&u=2&e=3&s=x',
      '/health',
      '/ready',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
    ])
      expect(served(path), path).toBe(true);
  });
  it('the app’s pages are the app’s', () => {
    for (const path of ['/', '/probes', '/storages/3/probes/H1', '/api/v1', '/admin/outbox', '/deliveryish'])
      expect(served(path), path).toBe(false);
  });
});

describe('the language texts the worker keeps for offline (decision 0145)', () => {
  const texts = (locale: string) => `${ORIGIN}/client/getAnonymousTranslations?locale=${locale}`;

  /** A Cache API stand-in keyed by address, as the browser's (method GET). */
  function memoryCache(): TextsCache & { urls: () => string[] } {
    const kept = new Map<string, Response>();
    return {
      urls: () => [...kept.keys()],
      match: (r: RequestInfo | URL) =>
        Promise.resolve(kept.get(r instanceof Request ? r.url : String(r))?.clone()),
      put: (r: RequestInfo | URL, res: Response) => {
        kept.set(r instanceof Request ? r.url : String(r), res);
        return Promise.resolve();
      },
    };
  }
  const finnish = { status_code: 0, results: [['offline.dismiss', 'Sulje']] };
  const answered =
    (body: unknown, status = 200) =>
    () =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));
  const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

  it('keeps both texts calls of its own origin under the public one’s address — no other call, origin or method', () => {
    expect(keptTextsKey({ method: 'GET', url: texts('fi') }, ORIGIN)).toBe(texts('fi'));
    expect(keptTextsKey({ method: 'GET', url: texts('en') }, ORIGIN)).toBe(texts('en'));
    // The user's call answers the same texts: kept where the next start (offline) asks for them.
    expect(
      keptTextsKey({ method: 'GET', url: `${ORIGIN}/client/getUserTranslations?locale=fi&UID=7` }, ORIGIN),
    ).toBe(texts('fi'));
    for (const url of [
      `${ORIGIN}/client/getAdminTranslations?locale=fi`,
      `${ORIGIN}/client/getAnonymousTranslations`,
      `${ORIGIN}/client/data?basestationID=F1`,
      'https://elsewhere.example/client/getAnonymousTranslations?locale=fi',
      `${ORIGIN}/assets/index.js`,
    ])
      expect(keptTextsKey({ method: 'GET', url }, ORIGIN), url).toBeNull();
    expect(keptTextsKey({ method: 'POST', url: texts('fi') }, ORIGIN)).toBeNull();
  });

  it('answers from the network and keeps the answer; with no network, answers the kept texts of that language', async () => {
    const cache = memoryCache();
    const online = await networkThenKept(new Request(texts('fi')), texts('fi'), cache, answered(finnish));
    expect(await online.json()).toEqual(finnish);
    expect(cache.urls()).toEqual([texts('fi')]);

    const offline = await networkThenKept(new Request(texts('fi')), texts('fi'), cache, noNetwork);
    expect(await offline.json()).toEqual(finnish);
    // Another language was never seen: the failure stands (the app shows its bundled English).
    await expect(networkThenKept(new Request(texts('de')), texts('de'), cache, noNetwork)).rejects.toThrow(
      'Failed to fetch',
    );
  });

  it('the user’s texts, read online after login, open the next start offline in that language', async () => {
    const cache = memoryCache();
    const user = new Request(`${ORIGIN}/client/getUserTranslations?locale=fi&UID=7`);
    await networkThenKept(user, keptTextsKey(user, ORIGIN)!, cache, answered(finnish));
    const start = new Request(texts('fi'));
    expect(
      await (await networkThenKept(start, keptTextsKey(start, ORIGIN)!, cache, noNetwork)).json(),
    ).toEqual(finnish);
  });

  it('keeps no error: a server error is passed on, and the texts kept before stay', async () => {
    const cache = memoryCache();
    await networkThenKept(new Request(texts('fi')), texts('fi'), cache, answered(finnish));
    const failed = await networkThenKept(
      new Request(texts('fi')),
      texts('fi'),
      cache,
      answered({ status_code: 503, error: 'busy' }, 503),
    );
    expect(failed.status).toBe(503);
    expect(
      await (await networkThenKept(new Request(texts('fi')), texts('fi'), cache, noNetwork)).json(),
    ).toEqual(finnish);
  });
});

describe('the web app manifest', () => {
  const manifest = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../public/manifest.webmanifest'), 'utf8'),
  ) as {
    name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };

  it('names Emberwatch, opens standalone at the start page, in the top bar’s colour', () => {
    const html = readFileSync(resolve(import.meta.dirname, '../index.html'), 'utf8');
    expect(manifest).toMatchObject({ name: 'Emberwatch', display: 'standalone', start_url: '/' });
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('has installable icons (192 and 512 px, a maskable one) that exist as PNGs of that size', () => {
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
      const png = readFileSync(resolve(import.meta.dirname, `../public${icon.src}`));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});

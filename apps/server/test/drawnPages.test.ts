import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/features/demo/demoAccounts.js';
import { PAGE_COOKIE } from '../src/features/sessions/pageCookie.js';
import { REFRESH_COOKIE } from '../src/features/sessions/sessions.routes.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/** The web build of this checkout, and the server build the server draws pages with beside it. */
const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');
const SERVER_ENTRY = resolve(WEB_DIST, '../dist-server/entry-server.js');

const HAY = 'hay@demo.emberwatch';
const GRAIN = 'grain@demo.emberwatch';
const ADMIN = 'admin@demo.emberwatch';
/** What only the hay farm's pages may show: its stations, their names (its storages'), its probes, its name. */
const HAY_STATIONS = ['F1000001', 'F1000002', 'F1000003'];
const HAY_ONLY = [...HAY_STATIONS, 'North barn', 'South barn', 'Field stacks', 'Hillside', 'H10001'];

/** A page's GET asks for HTML, as a browser's address bar does. */
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
/** The browser's time zone and a phone's screen, which the web app writes at login. */
const READER = { tz: 'Europe/Helsinki', ew_screen: '412' };

interface Login {
  uid: number;
  accessToken: string;
  refresh: string;
  page: string;
}

interface DehydratedQuery {
  queryKey: unknown[];
  state: { data: unknown; status: string };
}

interface State {
  token: { accessToken: string };
  nowMs: number;
  timeZone: string;
  queries: { queries: DehydratedQuery[] };
  /** The parts with code of their own the page has, whose code the browser fetches before taking over. */
  parts: string[];
}

/** The state a drawn page carries, or null for a page the server did not draw. */
function stateOf(html: string): State | null {
  const m = /<script id="ew-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as State) : null;
}

/** The JWT's claims, unverified. */
function claimsOf(jwt: string): { sub?: string } {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sub?: string };
}

/** The drawn page's markup inside #root, without its state. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="ew-state"');
  return html.slice(start, end < 0 ? undefined : end);
}

/**
 * Decision 0174's drawn first screen, with the real web build: a page's GET carrying the page cookie
 * gets that user's page drawn from the server's own API, and nothing of another account's; any other
 * GET gets index.html as it was.
 */
describe(`pages drawn on the server on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let indexHtml: string;
  let hay: Login;
  let grain: Login;
  /** A storage of the hay farm: its id and name. */
  let hayStorage: { itemID: number; name: string; probe: string };

  const login = async (username: string): Promise<Login> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = (name: string) => {
      const c = res.cookies.find((x) => x.name === name);
      if (!c) throw new Error(`no ${name} cookie at the login of ${username}`);
      return c.value;
    };
    const { UID, accessToken } = res.json<{ UID: number; accessToken: string }>();
    return { uid: UID, accessToken, refresh: cookie(REFRESH_COOKIE), page: cookie(PAGE_COOKIE) };
  };

  const get = (url: string, cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers }, cookies });

  /** The page at `url` as `who`'s browser asks for it after a login. */
  const pageOf = (url: string, who: Login, headers: Record<string, string> = {}) =>
    get(url, { [PAGE_COOKIE]: who.page, ...READER }, headers);

  /** A page answered with index.html as it is: not drawn, and to be revalidated. */
  const expectNotDrawn = (res: Awaited<ReturnType<typeof get>>, what: string) => {
    expect(res.statusCode, what).toBe(200);
    expect(res.headers['cache-control'], what).toBe('no-cache');
    expect(res.headers['content-type'], what).toMatch(/^text\/html/);
    expect(res.body, what).not.toContain('id="ew-state"');
    expect(res.body, what).toBe(indexHtml);
  };

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY) || !existsSync(resolve(WEB_DIST, 'index.html')))
      throw new Error(
        `The web app's builds are missing (${SERVER_ENTRY} and ${WEB_DIST}/index.html): run \`npm run build\` first.`,
      );
    indexHtml = readFileSync(resolve(WEB_DIST, 'index.html'), 'utf8');
    t = await createTestApp({ env: { WEB_DIST } });
    hay = await login(HAY);
    grain = await login(GRAIN);
    const storages = await t.app.inject({
      method: 'GET',
      url: '/client/getStorages',
      headers: bearer(hay.accessToken),
    });
    expect(storages.statusCode, storages.body).toBe(200);
    const results = storages.json<{
      results: { itemID: number; name: string; BS_ID: string; stacks: { sensors: { id: string }[] }[] }[];
    }>().results;
    const barn = results.find((s) => s.BS_ID === HAY_STATIONS[0]);
    const probe = barn?.stacks.flatMap((stack) => stack.sensors.map((p) => p.id))[0];
    if (!barn || !probe) throw new Error(`no storage with probes on ${HAY_STATIONS[0]}: ${storages.body}`);
    hayStorage = { itemID: barn.itemID, name: barn.name, probe };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('draws the hay farmer’s probe list for the hay farmer, with the state to take it over', async () => {
    const res = await pageOf('/probes', hay);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['vary']).toBe('cookie, accept-encoding');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('id="ew-state"');

    // The probe rows of the starting station, drawn inside #root.
    const root = rootOf(res.body);
    const rows = [...root.matchAll(/data-testid="probe-row" data-sensor-id="([^"]+)"/g)].map((m) => m[1]!);
    const firstStation = t.stations.find((s) => s.bs_id === HAY_STATIONS[0])!;
    const stationProbes = firstStation.probes.map((p) => p.sensor_id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.sort()).toEqual([...stationProbes].sort());
    expect(root).toContain(`data-sensor-id="${stationProbes[0]}"`);

    // The state: the hay farmer's own token, the moment and zone it was drawn at, the session's cache.
    const state = stateOf(res.body)!;
    expect(state.timeZone).toBe('Europe/Helsinki');
    expect(Math.abs(state.nowMs - Date.now())).toBeLessThan(60_000);
    expect(Number(claimsOf(state.token.accessToken).sub)).toBe(hay.uid);
    const auth = await t.app.inject({
      method: 'GET',
      url: '/auth',
      headers: bearer(state.token.accessToken),
    });
    expect(auth.json()).toMatchObject({ status_code: 0, UID: hay.uid });
    const session = state.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["session"]');
    expect(session?.state.status).toBe('success');
    expect(session?.state.data).toMatchObject({ UID: hay.uid });
    // The readings the rows were drawn from are the hay farm's.
    const basestations = state.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["basestations"]');
    expect(JSON.stringify(basestations?.state.data)).toContain(HAY_STATIONS[0]);
  }, 60_000);

  it('draws a page in the user’s language, with the state to take it over in it', async () => {
    const setLanguage = async (language: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/client/uiPrefs',
        headers: bearer(grain.accessToken),
        payload: { prefs: { language } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setLanguage('de');
    try {
      const res = await pageOf('/probes', grain);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="de">');
      // The page's title and the menu's label in German, as the user's texts have them.
      expect(rootOf(res.body)).toContain('>Sonden</h1>');
      expect(rootOf(res.body)).not.toContain('>Probes</h1>');
      const state = stateOf(res.body)!;
      expect(state).toMatchObject({ language: 'de', uid: grain.uid });
    } finally {
      await setLanguage('en');
    }
    // And the next page, in English again, is English: the render's language is each page's own.
    const english = await pageOf('/probes', grain);
    expect(english.body).toContain('<html lang="en">');
    expect(rootOf(english.body)).not.toContain('>Sonden</h1>');
    expect(stateOf(english.body)).toMatchObject({ language: 'en' });
  }, 60_000);

  it('draws English with a translator’s edits, carries them in the state, and the next page without them', async () => {
    // Decision 0177: the browser takes the edits from the page instead of fetching the user's English.
    const admin = await login(ADMIN);
    const saveEnglish = async (id: number | undefined, key: string, text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/updateTranslations',
        headers: bearer(admin.accessToken),
        payload: { locale: 'en', data: { ...(id === undefined ? {} : { id }), key, text } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ result: { id: number } }>().result.id;
    };
    const rows = await t.app.inject({
      method: 'GET',
      url: '/admin/getAdminTranslations?locale=en',
      headers: bearer(admin.accessToken),
    });
    const title = rows
      .json<{ results: { id: number; key: string; text: string }[] }>()
      .results.find((r) => r.key === 'titles.probes');
    expect(title?.text).toBe('Probes');

    const unedited = stateOf((await pageOf('/probes', hay)).body) as State & { englishEdits?: unknown };
    expect(unedited.englishEdits).toEqual([]);

    const added = `drawnPages.added${Date.now()}`;
    await saveEnglish(title!.id, 'titles.probes', 'Stack probes');
    const addedId = await saveEnglish(undefined, added, 'A text the build lacks');
    try {
      const edited = await pageOf('/probes', hay);
      expect(rootOf(edited.body)).toContain('>Stack probes</h1>');
      const state = stateOf(edited.body) as State & { englishEdits?: [string, string][] };
      expect(state).toMatchObject({ language: 'en', uid: hay.uid });
      expect(new Map(state.englishEdits)).toEqual(
        new Map([
          ['titles.probes', 'Stack probes'],
          [added, 'A text the build lacks'],
        ]),
      );
    } finally {
      await saveEnglish(title!.id, 'titles.probes', 'Probes');
      await saveEnglish(addedId, added, '');
    }
    // The render's English is the build's again: the edit is not drawn for the next page.
    const after = await pageOf('/probes', hay);
    expect(rootOf(after.body)).toContain('>Probes</h1>');
    expect(rootOf(after.body)).not.toContain('Stack probes');
    expect((stateOf(after.body) as State & { englishEdits?: unknown }).englishEdits).toEqual([]);
  }, 60_000);

  it.each([
    ['/', '/storages'],
    ['/account', '/account/users'],
    ['/settings', '/settings/preferences'],
  ])(
    'answers %s, a page that sends the browser on, with a redirect to %s',
    async (url, to) => {
      const res = await pageOf(url, hay);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers['location']).toBe(to);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['vary']).toBe('cookie');
      // And the page it leads to is drawn.
      const next = await pageOf(to, hay);
      expect(next.statusCode).toBe(200);
      expect(next.body).toContain('id="ew-state"');
    },
    60_000,
  );

  it('names the parts with code of their own a page has, for the browser to fetch before it takes over', async () => {
    const probe = await pageOf(`/probes/${hayStorage.probe}`, hay);
    expect(probe.statusCode, probe.body).toBe(200);
    // The probe's page opens on its history, a tab whose chart has code of its own.
    expect(stateOf(probe.body)?.parts).toEqual(['HistoryTab']);
    const list = await pageOf('/probes', hay);
    expect(stateOf(list.body)?.parts).toEqual([]);
    // An admin's frame has the admin bar, which only admins download.
    const admin = await pageOf('/probes', await login(ADMIN));
    expect(admin.statusCode, admin.body).toBe(200);
    expect(stateOf(admin.body)?.parts).toContain('AdminBar');
    // A storage opened in its editor draws the editor, whose code is its own (decision 0178); opened
    // plainly, the layout alone.
    const storage = await pageOf(`/storages/${hayStorage.itemID}`, hay);
    expect(stateOf(storage.body)?.parts).toEqual([]);
    const editing = await pageOf(`/storages/${hayStorage.itemID}/edit`, hay);
    expect(editing.statusCode, editing.body).toBe(200);
    expect(stateOf(editing.body)?.parts).toEqual([
      expect.stringMatching(/^(StacksLayoutEditor|RowsLayoutEditor)$/),
    ]);
  }, 60_000);

  it('draws the operator console’s customers for an admin, and a farmer asking for it stops nothing', async () => {
    // The page's map library reads the browser's window as it loads: loaded where the server draws, it
    // stopped the built server on Node's own module loader (e2e/drawn-pages.spec.ts shows that; here
    // the test runner loads the modules and the page was drawn all the same).
    const admin = await pageOf('/admin/customers', await login(ADMIN));
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.body).toContain('id="ew-state"');
    const farmer = await pageOf('/admin/customers', hay);
    expect(farmer.statusCode).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await pageOf('/probes', hay);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('data-testid="probe-row"');
  }, 60_000);

  it('sends index.html for / to a browser it cannot draw for', async () => {
    expectNotDrawn(await get('/', {}), 'no page cookie');
  });

  it('draws another account’s page from that account’s data alone', async () => {
    const res = await pageOf('/probes', grain);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const state = stateOf(res.body)!;
    expect(state).not.toBeNull();
    expect(Number(claimsOf(state.token.accessToken).sub)).toBe(grain.uid);
    const session = state.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["session"]');
    expect(session?.state.data).toMatchObject({ UID: grain.uid });

    const grainProbes = t.stations
      .filter((s) => s.bs_id.startsWith('F2'))
      .flatMap((s) => s.probes.map((p) => p.sensor_id));
    const rows = [...rootOf(res.body).matchAll(/data-testid="probe-row" data-sensor-id="([^"]+)"/g)];
    expect(rows.length).toBeGreaterThan(0);
    for (const [, id] of rows) expect(grainProbes).toContain(id);
    // Nothing of the hay farm anywhere: not in the page, not in its state.
    for (const text of HAY_ONLY) expect(res.body, text).not.toContain(text);
  }, 60_000);

  describe('sends index.html as it is', () => {
    const cases: [string, () => Record<string, string>][] = [
      ['without any cookie', () => ({})],
      ['with the time zone and screen but no page cookie', () => ({ ...READER })],
      [
        'with a page cookie whose HMAC has one character changed',
        () => {
          const last = hay.page.at(-1)!;
          return { [PAGE_COOKIE]: hay.page.slice(0, -1) + (last === 'A' ? 'B' : 'A'), ...READER };
        },
      ],
      [
        'with a page cookie of another value’s hash',
        () => ({ [PAGE_COOKIE]: `${'0'.repeat(64)}.${hay.page.split('.')[1]}`, ...READER }),
      ],
      ['with a page cookie of garbage', () => ({ [PAGE_COOKIE]: 'garbage', ...READER })],
      ['without the time zone', () => ({ [PAGE_COOKIE]: hay.page, ew_screen: READER.ew_screen })],
      ['without the screen', () => ({ [PAGE_COOKIE]: hay.page, tz: READER.tz })],
      ['with a screen it cannot read', () => ({ [PAGE_COOKIE]: hay.page, tz: READER.tz, ew_screen: 'wide' })],
    ];
    it.each(cases)(
      '%s',
      async (what, cookies) => {
        expectNotDrawn(await get('/probes', cookies()), what);
      },
      60_000,
    );

    it('for a request that does not ask for HTML', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/probes',
        headers: { accept: '*/*' },
        cookies: { [PAGE_COOKIE]: hay.page, ...READER },
      });
      expect(res.body).not.toContain('id="ew-state"');
    }, 60_000);

    it('with the page cookie of a session that ended at logout', async () => {
      const other = await login(HAY);
      // Drawn while the session lives.
      expect((await pageOf('/probes', other)).body).toContain('id="ew-state"');
      const out = await t.app.inject({
        method: 'POST',
        url: '/admin/logout',
        cookies: { [REFRESH_COOKIE]: other.refresh },
      });
      expect(out.statusCode, out.body).toBe(200);
      expectNotDrawn(await pageOf('/probes', other), 'after logout');
      // The hay farmer's other session still has its pages drawn.
      expect((await pageOf('/probes', hay)).body).toContain('id="ew-state"');
    }, 60_000);

    it.each([
      '/login',
      '/login?redirect=%2Fprobes',
      '/master',
      '/gari',
      '/SAV-something',
      '/insight/expired',
    ])(
      'for %s, a page outside the logged-in app, even with every cookie',
      async (url) => {
        expectNotDrawn(await pageOf(url, hay), url);
      },
      60_000,
    );
  });

  it('draws a storage of the hay farm for the hay farmer, and never for another account', async () => {
    const url = `/storages/${hayStorage.itemID}`;
    const mine = await pageOf(url, hay);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body).toContain('id="ew-state"');
    const root = rootOf(mine.body);
    expect(root).toMatch(new RegExp(`<h2[^>]*>${hayStorage.name}</h2>`));
    // Its bales, each a cell of the layout leading to the probe.
    expect(root).toContain(`data-testid="cell-${hayStorage.probe}"`);
    expect(root).toContain(`href="/storages/${hayStorage.itemID}/probes/${hayStorage.probe}"`);

    const theirs = await pageOf(url, grain);
    expect(theirs.statusCode).toBe(200);
    // Drawn for that account: its own stations, and the storage as one that does not exist.
    for (const text of [hayStorage.name, ...HAY_ONLY]) expect(theirs.body, text).not.toContain(text);
    const state = stateOf(theirs.body);
    expect(state).not.toBeNull();
    expect(Number(claimsOf(state!.token.accessToken).sub)).toBe(grain.uid);
    expect(rootOf(theirs.body)).toContain('The storage you are trying to reach does not exist');
    expect(rootOf(theirs.body)).not.toContain('data-testid="cell-');
  }, 60_000);

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'compresses the drawn page for accept-encoding %j',
    async (accept, encoding, decompress) => {
      const res = await pageOf('/probes', hay, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['vary']).toBe('cookie, accept-encoding');
      const html = decompress(res.rawPayload).toString('utf8');
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 3);
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('id="ew-state"');
      expect(html).toContain('data-testid="probe-row"');
      expect(stateOf(html)?.queries.queries.length).toBeGreaterThan(0);
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
    },
    60_000,
  );
});

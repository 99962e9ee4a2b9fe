// Every route, as every role walks it, asked for by an address bar (decision 0174): the server answers
// each with the page drawn for that user, or sends the browser on, and stays up. One page drawn on the
// server that throws there (a library that reads the browser's `window` as it loads stopped the whole
// server on 2026-12-04) is found here, whichever role's page it is — without a browser, so the whole
// matrix costs a few seconds. Then the farm's and the staff's routes that drawn-pages.spec.ts does not
// open, in a desktop browser in Helsinki's zone: each taken over without a hydration error.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { baseUrl, dataDir, demoPassword } from './support/app.js';
import { PUBLIC_ROUTES, ROLES, makeRoleAccounts, ownIds, ownRoute } from './support/accessibilitySweep.js';
import { ADMIN_CONSOLE_DRAWN, failuresOf, logInThroughLoginPage } from './support/drawnPages.js';

/** A page's GET as a browser's address bar sends it. */
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
interface Answer {
  route: string;
  status: number;
  drawn: boolean;
  location?: string;
  /** Why there was no answer at all. */
  failure?: string;
}

/**
 * Each route's answer, without following a redirect (a page that sends the browser on is answered so).
 * A request the server did not answer ends the walk: the page asked for before it may have stopped it.
 */
async function answers(request: APIRequestContext, routes: readonly string[]): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const route of routes) {
    try {
      const res = await request.get(route, { headers: HTML, maxRedirects: 0 });
      const body = await res.text();
      out.push({
        route,
        status: res.status(),
        drawn: body.includes('id="ew-state"'),
        location: res.headers()['location'],
      });
    } catch (error) {
      const before = out.at(-1)?.route;
      out.push({
        route,
        status: 0,
        drawn: false,
        failure: `no answer${before ? ` after ${before}` : ''}: ${(error as Error).message.split('\n')[0]}`,
      });
      break;
    }
  }
  return out;
}

/** What is wrong with an answer: a server error, or a page the server should have drawn and did not. */
function faults(all: Answer[], loggedIn: boolean): string[] {
  return all.flatMap((a) => {
    if (a.failure) return [`${a.route}: ${a.failure}`];
    if (a.status >= 500) return [`${a.route}: ${a.status}`];
    if (a.status >= 300 && a.status < 400)
      return a.location ? [] : [`${a.route}: ${a.status} without a location`];
    if (a.status !== 200) return [`${a.route}: ${a.status}`];
    if (loggedIn && !a.drawn) return [`${a.route}: not drawn`];
    return [];
  });
}

test.beforeAll(makeRoleAccounts);

test('every role’s pages are drawn by the server or send the browser on, and the server stays up', async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const origin = baseUrl();
  // The reader's time zone and a phone's screen, which the web app writes at login: pages are drawn for them.
  const readerCookies = [
    { name: 'tz', value: 'Europe/Helsinki' },
    { name: 'ew_screen', value: '412' },
  ].map((c) => ({
    ...c,
    domain: new URL(origin).hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  }));
  const found: string[] = [];
  // What the server logs from here on: a page's code that fails where the server draws it is logged, not
  // left to stop the server (logUnhandledRejections.ts), and that log line is a fault here.
  const serverLog = path.join(dataDir(), 'server.log');
  const logFrom = statSync(serverLog).size;

  const visitor = await playwright.request.newContext({ baseURL: origin });
  for (const f of faults(await answers(visitor, PUBLIC_ROUTES), false)) found.push(`logged out ${f}`);
  await visitor.dispose();

  for (const role of Object.values(ROLES)) {
    // The role's browser after its login: the session's cookies, and the reader's zone and screen.
    const request = await playwright.request.newContext({
      baseURL: origin,
      storageState: { cookies: readerCookies, origins: [] },
    });
    const login = await request.post('/admin/login', {
      data: { username: role.username, password: demoPassword },
    });
    expect(login.ok(), `login of ${role.name}`).toBe(true);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const ids = await ownIds(request, accessToken);
    const routes = role.routes.map((r) => ownRoute(r, ids));
    for (const f of faults(await answers(request, routes), true)) found.push(`${role.name} ${f}`);
    await request.dispose();
  }

  // The server is still up after all of them (a failure while drawing once stopped it).
  const after = await playwright.request.newContext({ baseURL: origin });
  expect((await after.get('/health')).ok(), 'the server answers after the walk').toBe(true);
  await after.dispose();
  const logged = readFileSync(serverLog, 'utf8').slice(logFrom);
  for (const line of logged.split('\n'))
    if (line.includes('failed with nothing waiting for it'))
      found.push(`the server logged: ${line.slice(0, 600)}`);
  expect(found).toEqual([]);
});

/**
 * Routes drawn-pages.spec.ts already opens drawn in a browser (the hay farmer's on a phone, an admin's
 * console pages): the walk below takes the rest of the farm's and the staff's routes. Each page costs
 * the browser about two seconds, so the other roles' pages (the same pages with other data) are
 * checked by the address-bar walk above only.
 */
const OPENED_ELSEWHERE = new Set([
  ...ADMIN_CONSOLE_DRAWN,
  '/probes',
  '/probes/:probe',
  '/storages',
  '/storages/:storage',
  '/storages/monitors',
  '/storages/site',
  '/quality',
  '/settings',
  '/account',
  '/account/users',
  '/account/credentials',
  '/account/services',
  '/instructions',
  '/admin/customers',
]);

test.describe('taken over in the browser', () => {
  test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'Europe/Helsinki' });

  for (const role of [ROLES.farmer, ROLES.root]) {
    test(`the rest of a ${role.name}'s pages are taken over without a hydration error`, async ({
      context,
      playwright,
    }) => {
      const own = role.routes.filter((r) => !OPENED_ELSEWHERE.has(r));
      test.setTimeout(30_000 + own.length * 10_000);
      const api = await playwright.request.newContext({ baseURL: baseUrl() });
      const login = await api.post('/admin/login', {
        data: { username: role.username, password: demoPassword },
      });
      expect(login.ok(), `login of ${role.name}`).toBe(true);
      const ids = await ownIds(api, ((await login.json()) as { accessToken: string }).accessToken);
      await api.dispose();

      await logInThroughLoginPage(context, 'click', role.username);
      const main = (page: Page) => page.locator('#main-content > *').first();
      const routes = own.map((r) => ({
        path: ownRoute(r, ids),
        main,
      }));
      expect(await failuresOf(context, routes, 3)).toEqual([]);
    });
  }
});

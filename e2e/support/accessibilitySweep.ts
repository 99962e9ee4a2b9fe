// The axe sweep of decision 0138: which routes each role walks, and the walk itself (one login, route
// to route inside the app, each page scanned at desktop width and at 360 px without a reload).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUsers } from './app.js';
import { copyDemoAccount } from './copyDemoAccount.js';
import { logInThroughApi } from './logInThroughApi.js';
import {
  DESKTOP,
  PHONE,
  navigateInApp,
  seriousViolations,
  settle,
  trackApiCalls,
  type Finding,
} from './accessibility.js';

/** The public pages, as a logged-out visitor sees them. */
export const PUBLIC_ROUTES = [
  '/login',
  '/login/recover',
  '/master',
  '/gari',
  '/haytechapp',
  '/SAV-hay',
  '/insight/expired',
];

/**
 * Every route of the logged-in farm app (app/pages.ts, the spec's route table in
 * apps/web/test/specRoutes.test.ts); `:storage`, `:probe`, `:batch` become the role's own.
 */
export const FARM_ROUTES = [
  '/probes',
  '/probes/:probe',
  '/storages',
  '/storages/new-storage',
  '/storages/:storage',
  '/storages/:storage/probes/:probe',
  '/storages/:storage/quality',
  '/storages/:storage/edit',
  '/storages/site',
  '/storages/site/:storage',
  '/storages/monitors',
  '/batches',
  '/batches/new',
  '/batches/:batch',
  '/quality',
  '/siteindex',
  '/settings',
  '/settings/preferences',
  '/settings/probes',
  '/settings/basestation',
  '/settings/rc',
  '/account',
  '/account/users',
  '/account/credentials',
  '/account/services',
  '/account/services/checkout/',
  '/account/services/renewal',
  '/insight',
  '/insight/survey',
  '/activation',
  '/activation/system',
  '/activation/probes',
  '/instructions',
  '/no/such/page',
];

/** The staff's routes: the operator console, the diagnostic pages, the API test pages, the translations. */
export const STAFF_ROUTES = [
  '/admin',
  '/admin/customers',
  '/admin/staff',
  '/admin/kits',
  '/admin/audit',
  '/admin/broadcasts',
  '/admin/connections',
  '/admin/outbox',
  '/admin/server-logs',
  '/admin/gari-migration',
  '/admin/migration',
  '/admin/services',
  '/admin/sims',
  '/admin/probe-stop',
  '/firmware',
  '/translations',
  '/test_',
  '/ids_',
  '/rctest_',
  '/g-log',
  '/bslog',
  '/fs',
  ...['v1/getSummary', 'v1/getOverview', 'v1/getMeasurements'].map((c) => `/api/${c}`),
  ...['v2/activateSystem', 'v2/activateProbes', 'v2/deactivateBS', 'v2/reactivateBS'].map((c) => `/api/${c}`),
];

/** The roles the demo does not seed, made in the worker's store (makeRoleAccounts). */
export const MADE = {
  grandMaster: 'grandmaster-a11y@e2e.emberwatch',
  translator: 'translator-a11y@e2e.emberwatch',
  staffAdmin: 'staff-admin-a11y@e2e.emberwatch',
  staffTech: 'staff-tech-a11y@e2e.emberwatch',
  staffSales: 'staff-sales-a11y@e2e.emberwatch',
} as const;

/**
 * Makes those roles as copies of demo accounts with the role's column set (no call makes a translator or a
 * grand master; other specs share the demo users). Idempotent: a second call finds them there.
 */
export function makeRoleAccounts(): void {
  copyDemoAccount(MADE.grandMaster, demoUsers.master, { grand_master: 1 });
  copyDemoAccount(MADE.translator, demoUsers.hayHelper, {
    main_user_id: null,
    translator: 1,
    translator_locales: '["de","fi"]',
  });
  copyDemoAccount(MADE.staffAdmin, demoUsers.admin, { admin_group: 1 });
  copyDemoAccount(MADE.staffTech, demoUsers.admin, { admin_group: 2 });
  copyDemoAccount(MADE.staffSales, demoUsers.admin, { admin_group: 3 });
}

export interface Role {
  name: string;
  username: string;
  routes: readonly string[];
}

/**
 * The matrix (decision 0138): every route is walked whole by the role it is for (the farmer the farm
 * app, Root the staff pages, a logged-out visitor the public pages); each other role walks the pages
 * its menu and its role lead to, where what it sees differs.
 */
export const ROLES = {
  farmer: { name: 'farmer', username: demoUsers.hay, routes: FARM_ROUTES },
  root: { name: 'staff Root', username: demoUsers.admin, routes: STAFF_ROUTES },
  subUser: {
    name: 'sub-user',
    username: demoUsers.hayHelper,
    routes: [
      '/probes',
      '/probes/:probe',
      '/storages',
      '/storages/:storage',
      '/settings/preferences',
      '/account',
    ],
  },
  compost: {
    name: 'compost farmer',
    username: demoUsers.compost,
    routes: ['/batches', '/batches/:batch'],
  },
  master: {
    name: 'master',
    username: demoUsers.master,
    routes: ['/siteindex', '/probes', '/storages', '/storages/:storage', '/settings/preferences', '/account'],
  },
  grandMaster: {
    name: 'grand master',
    username: MADE.grandMaster,
    routes: ['/siteindex', '/probes', '/storages', '/storages/monitors', '/account'],
  },
  translator: {
    name: 'translator',
    username: MADE.translator,
    routes: ['/translations', '/probes', '/account'],
  },
  visitor: {
    name: 'demo visitor',
    username: 'visitor@demo.emberwatch',
    routes: ['/probes', '/storages', '/storages/site', '/batches', '/account'],
  },
  staffAdmin: {
    name: 'staff Admin',
    username: MADE.staffAdmin,
    routes: ['/admin', '/admin/customers', '/admin/staff'],
  },
  staffTech: {
    name: 'staff Tech',
    username: MADE.staffTech,
    routes: ['/admin', '/admin/customers', '/admin/kits'],
  },
  staffSales: {
    name: 'staff Sales',
    username: MADE.staffSales,
    routes: ['/admin', '/admin/customers', '/admin/services'],
  },
} as const satisfies Record<string, Role>;

/**
 * A sweep's time limit grows with its pages: a route's settle and two scans take 2–5 s on a quiet
 * machine and four times that when the machine is loaded (a fixed limit per test failed the longer
 * walks at a load of 14 on 2 cores). The limit is for a page that never settles, not a speed check.
 */
function allowForRoutes(routes: number): void {
  test.setTimeout(30_000 + routes * 20_000);
}

/** A route of the table with the role's own storage, probe and batch in place of `:storage`, `:probe`, `:batch`. */
export function ownRoute(pattern: string, ids: Record<string, string>): string {
  return pattern.replace(/:(storage|probe|batch)/g, (_, k: string) => ids[k]!);
}

/** The role's own storage, probe and batch for the routes that take one (a made-up one where it has none). */
export async function ownIds(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const headers = { Authorization: `Bearer ${token}` };
  const storages = (await (await request.get('/client/getStorages', { headers })).json()) as {
    results?: { itemID: number; stacks: { sensors: { id: string }[] }[] }[];
  };
  const storage =
    storages.results?.find((s) => s.stacks.some((st) => st.sensors.length > 0)) ?? storages.results?.[0];
  const batches = (await (await request.get('/client/getBatches', { headers })).json()) as {
    results?: { batch_id: number }[];
  };
  return {
    storage: String(storage?.itemID ?? 1),
    probe: storage?.stacks.flatMap((s) => s.sensors)[0]?.id ?? 'H10001',
    batch: String(batches.results?.[0]?.batch_id ?? 1),
  };
}

/**
 * What makes the page scroll sideways on a phone, or null: a page wider than the screen hides its right
 * edge (a value, a button) from someone who does not think to scroll. Only the page's own width counts
 * (a table in a scrolling box of its own moves only that box); when it is too wide, the first three
 * elements that stick out of a parent that fits are named.
 */
async function widerThanThePage(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    interface Box {
      width: number;
      right: number;
    }
    interface El {
      tagName: string;
      textContent: string | null;
      parentElement: El | null;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): Box;
    }
    const doc = (
      globalThis as unknown as {
        document: {
          documentElement: { clientWidth: number; scrollWidth: number };
          querySelectorAll(s: string): Iterable<El>;
        };
      }
    ).document;
    const w = doc.documentElement.clientWidth;
    if (doc.documentElement.scrollWidth <= w + 1) return null;
    const out: string[] = [];
    for (const el of doc.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      // The outermost that sticks out: its parent fits.
      if (r.width === 0 || r.right <= w + 1 || (parent && parent.right > w + 1)) continue;
      const name =
        el.getAttribute('data-testid') ??
        `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}"`;
      out.push(`${name} to ${Math.round(r.right)} px`);
    }
    return `${doc.documentElement.scrollWidth} px of ${w}: ${out.slice(0, 3).join('; ')}`;
  });
}

/** Scans the page at both widths; returns what it found, labelled with the page and the width. */
async function scanBothWidths(page: Page, inFlight: () => number, label: string): Promise<string[]> {
  const found: string[] = [];
  const report = (width: string, findings: Finding[]) => {
    for (const f of findings)
      found.push(`${label} @${width}: [${f.impact}] ${f.rule} (${f.help}) ${f.targets.join(' | ')}`);
  };
  await page.setViewportSize(DESKTOP);
  await settle(page, inFlight);
  report('desktop', await seriousViolations(page));
  await page.setViewportSize(PHONE);
  await settle(page, inFlight);
  report('phone', await seriousViolations(page));
  const wider = await widerThanThePage(page);
  if (wider) found.push(`${label} @phone: wider than the phone, ${wider}`);
  await page.setViewportSize(DESKTOP);
  return found;
}

/** Logged out: each public page loaded and scanned at both widths. */
export async function sweepPublic(page: Page): Promise<void> {
  allowForRoutes(PUBLIC_ROUTES.length);
  const inFlight = trackApiCalls(page);
  const found: string[] = [];
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await page.locator('#root *').first().waitFor();
    found.push(...(await scanBothWidths(page, inFlight, `logged out ${route}`)));
  }
  expect(found).toEqual([]);
}

/**
 * One login as the role, then each of its routes in turn inside the app. A route the role may not open
 * sends it elsewhere; a page already scanned in this walk is not scanned again.
 */
export async function sweepRole(page: Page, role: Role): Promise<void> {
  allowForRoutes(role.routes.length);
  const inFlight = trackApiCalls(page);
  await page.setViewportSize(DESKTOP);
  const token = await logInThroughApi(page, role.username, role.routes[0]!);
  const ids = await ownIds(page.request, token);
  const scanned = new Set<string>();
  const found: string[] = [];
  for (const pattern of role.routes) {
    const route = ownRoute(pattern, ids);
    await navigateInApp(page, route);
    await settle(page, inFlight);
    const landed = new URL(page.url()).pathname;
    if (scanned.has(landed)) continue;
    scanned.add(landed);
    const label = `${role.name} ${route}${landed === route ? '' : ` → ${landed}`}`;
    found.push(...(await scanBothWidths(page, inFlight, label)));
  }
  expect(found).toEqual([]);
}

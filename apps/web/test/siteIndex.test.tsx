import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GetMultisiteDataResponse, MultisiteSite } from '@emberwatch/shared/contracts/siteIndex';
import { createFakeServer, json } from './support/fakeServer';
import { station } from './support/fixtures';
import { renderPage } from './support/renderPage';

const slow = { timeout: 8000 };
const H = 3600;
const D = 86_400;

beforeAll(async () => {
  await import('../src/features/site-index/SiteIndexPage');
});

const now = () => Math.floor(Date.now() / 1000);

function site(BS_ID: string, over: Partial<MultisiteSite> = {}): MultisiteSite {
  return {
    BS_ID,
    name: `Station ${BS_ID}`,
    siteName: null,
    stationName: `Station ${BS_ID}`,
    probes: 10,
    lastDataTs: now() - 630,
    freshness: 'fresh',
    hottest: { sensor_id: `P-${BS_ID}`, name: null, temperature: 400, meas_ts: now() - 630 },
    openAlerts: 0,
    ...over,
  };
}

function multisite(): GetMultisiteDataResponse {
  return {
    status_code: 0,
    now: now(),
    farms: [
      {
        UID: 11,
        name: 'Adams Farm',
        username: 'adams@example.com',
        sites: [
          site('F1000001', {
            hottest: { sensor_id: 'H1', name: 'North stack', temperature: 655, meas_ts: now() - 630 },
            openAlerts: 2,
          }),
          site('F1000002', { name: 'Old barn', lastDataTs: now() - 2 * D - 600, freshness: 'over24h' }),
        ],
      },
      {
        UID: 12,
        name: 'Brown Grain',
        username: 'brown@example.com',
        sites: [
          site('F2000001', {
            lastDataTs: now() - 8 * D,
            freshness: 'notAvailable',
            hottest: null,
          }),
          site('F2000002', {
            hottest: { sensor_id: 'G1', name: null, temperature: 212, meas_ts: now() - H },
          }),
        ],
      },
    ],
  };
}

function masterServer() {
  const server = createFakeServer({
    loggedIn: true,
    session: { master: true },
    stations: ['F1000001', 'F1000002', 'F2000001', 'F2000002'].map((id) => station(id)),
  });
  server.override('GET /client/getMultisiteData', () => json(multisite()));
  return server;
}

const rowIds = () =>
  screen.getAllByTestId(/^site-row-/).map((r) => r.dataset.testid!.replace('site-row-', ''));

// Issue 32 item 2 (decision 0105): /siteindex.
describe('/siteindex', () => {
  it('lists every watched site hottest first, coloured by the colour steps, with alerts and the data age', async () => {
    const page = renderPage('/siteindex', masterServer());
    await screen.findByTestId('site-row-F1000001', undefined, slow);
    // Hottest first; a site with no temperature now (over 7 days) last.
    expect(rowIds()).toEqual(['F1000001', 'F1000002', 'F2000002', 'F2000001']);
    const hot = screen.getByTestId('site-row-F1000001');
    // 65.5 °C in the default steps (0, 40, 60, 80, 100) is the 60–80 band.
    const temp = within(hot).getByTestId('site-hottest').querySelector('[data-tone]')!;
    expect(temp.textContent).toContain('65.5');
    expect(temp.getAttribute('data-tone')).toBe('band-3');
    expect(within(hot).getByText('Probe North stack')).toBeTruthy();
    expect(within(hot).getByLabelText('Open alerts: 2')).toBeTruthy();
    expect(within(hot).getByTestId('site-age').textContent).toBe('10 min');
    // Over 24 h: highlighted; over 7 days: not available, no temperature.
    const old = screen.getByTestId('site-row-F1000002');
    expect(old.dataset.freshness).toBe('over24h');
    expect(within(old).getByTestId('site-age').textContent).toBe('2 d');
    const gone = screen.getByTestId('site-row-F2000001');
    expect(gone.dataset.freshness).toBe('notAvailable');
    expect(within(gone).getByTestId('site-hottest').textContent).toBe('Not available');
    expect(screen.getByTestId('site-index-summary').textContent).toBe('Farms: 2 · Sites: 4 · Open alerts: 2');
    expect(screen.getByTestId('site-index-updated').textContent).toMatch(/^Updated /);
    expect(page.location()).toBe('/siteindex');
  });

  it('filters by farm, site or station, and sorts by name or by alerts', async () => {
    const page = renderPage('/siteindex', masterServer());
    await screen.findByTestId('site-row-F1000001', undefined, slow);
    await page.user.type(screen.getByLabelText('Filter by farm, site or station'), 'brown');
    expect(rowIds()).toEqual(['F2000002', 'F2000001']);
    await page.user.clear(screen.getByLabelText('Filter by farm, site or station'));
    await page.user.type(screen.getByLabelText('Filter by farm, site or station'), 'nowhere');
    expect(screen.getByText('No site matches “nowhere”.')).toBeTruthy();
    await page.user.clear(screen.getByLabelText('Filter by farm, site or station'));
    await page.user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await page.user.click(await screen.findByRole('option', { name: 'Farm and site, A to Z' }));
    expect(rowIds()).toEqual(['F1000002', 'F1000001', 'F2000001', 'F2000002']);
    await page.user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await page.user.click(await screen.findByRole('option', { name: 'Most open alerts first' }));
    expect(rowIds()).toEqual(['F1000001', 'F1000002', 'F2000002', 'F2000001']);
  });

  it('renames a site in its row, sending the whole list of names with the one change', async () => {
    const server = masterServer();
    const other = { siteUID: 12, BS_ID: 'F2000002', name: 'Grain yard' };
    server.override('GET /client/getSiteNames', () => json({ status_code: 0, results: [other] }));
    server.override('POST /client/saveSiteNames', () => json({ status_code: 0 }));
    const page = renderPage('/siteindex', server);
    await screen.findByTestId('site-row-F1000001', undefined, slow);
    await page.user.click(screen.getByRole('button', { name: 'Rename Old barn' }));
    const form = screen.getByTestId('site-rename-F1000002');
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await page.user.type(within(form).getByLabelText('Site name'), 'East barns');
    await page.user.click(save);
    await waitFor(() =>
      expect(server.callsTo('POST', '/client/saveSiteNames').map((c) => c.body)).toEqual([
        { siteNames: [other, { siteUID: 11, BS_ID: 'F1000002', name: 'East barns' }] },
      ]),
    );
    // Saved: the index is read again.
    await waitFor(() => expect(server.callsTo('GET', '/client/getMultisiteData').length).toBeGreaterThan(1));
  });

  it("opens a site's probes with its station selected", async () => {
    const page = renderPage('/siteindex', masterServer());
    const row = await screen.findByTestId('site-row-F2000002', undefined, slow);
    await page.user.click(within(row).getByRole('button', { name: 'Open the probes of Station F2000002' }));
    await waitFor(() => expect(page.location()).toBe('/probes'));
    expect(document.cookie).toContain('F2000002');
  });

  it('shows an empty list and says why when the sites cannot be loaded', async () => {
    const server = masterServer();
    server.override('GET /client/getMultisiteData', () =>
      json({ status_code: 500, error: 'Internal Server Error' }, 500),
    );
    renderPage('/siteindex', server);
    expect((await screen.findByTestId('site-index-error', undefined, slow)).textContent).toContain(
      'Internal Server Error',
    );
    expect(screen.queryAllByTestId(/^site-row-/)).toEqual([]);
    expect(
      screen.getByText("There are no sites to show. A farm's sites appear here once it authorises you."),
    ).toBeTruthy();
  });

  it('sends a user without the site index elsewhere, and asks nothing', async () => {
    // An owner with the siteindex flag but one station (spec doc 1 §2: more than one is needed).
    const server = createFakeServer({ loggedIn: true, user: { siteindex: true } });
    const page = renderPage('/siteindex', server);
    await waitFor(() => expect(page.location()).not.toBe('/siteindex'), slow);
    expect(server.callsTo('GET', '/client/getMultisiteData')).toEqual([]);
  });
});

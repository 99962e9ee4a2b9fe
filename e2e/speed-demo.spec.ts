import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { demoPassword, demoUsers, repoRoot } from './support/app.js';

// Issue 28 item 6: the README's "To watch an alert arrive" walk, played as a newcomer plays it — the
// start script itself, run with node and a "--", on a store of its own — so that what the README
// promises is what the browser shows (decision 0076).

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface StartedDemo {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node scripts/start.mjs <args>` on a fresh data folder and a free port, its output collected. */
function startScript(args: string[], dataDir: string, port: number): StartedDemo {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NO_COLOR: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited };
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('`node scripts/start.mjs -- <an option the simulator does not know>` refuses it before anything starts', async () => {
  const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'emberwatch-refuse-')), 'data');
  const demo = startScript(['--', '--sped', '60'], dataDir, await freePort());
  expect(await demo.exited).toBe(2);
  expect(demo.output()).toContain("Unknown option '--sped'");
  expect(demo.output()).toContain('Nothing was started');
  // No server ran: it would have made the data folder.
  expect(existsSync(dataDir)).toBe(false);
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

test('at `node scripts/start.mjs -- --speed …` a newcomer sees fresh readings, no data break, the staged bale below 55 °C as live play starts, then its alert arrive live', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'emberwatch-speed-'));
  // Rounds every 10 s at 360×: each round measures the world an hour further on, as each one-minute
  // round does at the README's --speed 60, so the bale crosses 55 °C on the same round, six times sooner.
  // A day of history is enough for the charts and the rise rule.
  const demo = startScript(
    ['--', '--speed', '360', '--live-interval', '10', '--backfill-days', '1'],
    dataDir,
    await freePort(),
  );
  try {
    await expect
      .poll(() => demo.output(), { timeout: 180_000, message: 'the simulator starts live play' })
      .toContain('live: every 10 s, stamped now');
    const liveAt = Math.floor(Date.now() / 1000);
    expect(demo.output()).toContain("the demo's world runs at 360× for 1 d");

    // The probe list, first thing after logging in: every reading a minute old at most.
    await page.goto(`${demo.url}/probes`);
    await logIn(page, demoUsers.hay);
    const rows = page.getByTestId('probe-row');
    // The server is busy for a while after a start (the rounds missed during the backfill go out at once).
    await expect(page.locator('[data-testid="probe-row"][data-sensor-id="H10001"]')).toBeVisible({
      timeout: 60_000,
    });
    // The page may come up before the first live round is in (on a quiet machine it does: the list then
    // shows the backfill's last readings, a few minutes old); that round, at most one live interval
    // later, brings every probe to a minute old without a reload.
    await expect
      .poll(
        async () =>
          (await rows.getByTestId('probe-age').allTextContents())
            .map((age) => age.trim())
            .filter((age) => !/^[01] min$/.test(age)),
        { timeout: 60_000, message: 'every probe shows a reading a minute old at most' },
      )
      .toEqual([]);

    // The notifications (they open by themselves 2 s after the page loads) tell of no probe or station
    // without data.
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-testid^="notification-"]').first()).toBeVisible();
    await expect(dialog.locator('[data-testid^="notification-noProbeData:"]')).toHaveCount(0);
    await expect(dialog.locator('[data-testid^="notification-noBSData:"]')).toHaveCount(0);

    // North barn's monitor: the bale's absolute alert arrives without a reload.
    const login = await request.post(`${demo.url}/admin/login`, {
      data: { username: demoUsers.hay, password: demoPassword },
    });
    const headers = {
      Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
    };
    const storages = (
      (await (await request.get(`${demo.url}/client/getStorages`, { headers })).json()) as {
        results: { itemID: number; BS_ID: string; monitor: number | null }[];
      }
    ).results;
    const barn = storages.find((s) => s.BS_ID === 'F1000001' && s.monitor !== null)!;
    await page.goto(`${demo.url}/storages/${barn.itemID}`);
    await page.evaluate(() => {
      (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload = true;
    });
    await page.getByRole('tab', { name: 'Monitor' }).click();
    const panel = page.getByTestId('storage-monitor');
    await expect(panel.getByRole('heading', { name: 'Hay — fire risk' })).toBeVisible();
    const crossed = panel
      .getByTestId('current-alert')
      .filter({ hasText: 'Absolute maximum: probe H10001, depth 3' });
    await expect(crossed).toHaveCount(1, { timeout: 180_000 });
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { emberwatchNoReload?: boolean }).emberwatchNoReload,
      ),
    ).toBe(true);

    // Its data table since live play began (a replay stamped every row hours back: there were none):
    // each row arrived within a minute of its measurement, the first below the limit, the last above.
    const table = (await (
      await request.get(
        `${demo.url}/client/data2?basestationID=F1000001&sensorId=H10001&fromDate=${liveAt}`,
        { headers },
      )
    ).json()) as { results: { date: number; tdiff: number; hh: number[] }[] };
    const tableRows = [...table.results].sort((a, b) => a.date - b.date);
    expect(tableRows.length).toBeGreaterThan(2);
    for (const row of tableRows) expect(row.tdiff).toBeLessThan(60);
    expect(tableRows[0]!.hh[2]).toBeLessThan(550);
    expect(tableRows.at(-1)!.hh[2]).toBeGreaterThan(550);
  } finally {
    demo.child.kill('SIGTERM');
    await demo.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
});

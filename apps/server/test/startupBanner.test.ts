import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openStore } from '../src/db/createDatabase.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/features/demo/demoAccounts.js';
import { demoAccountRole, demoLogins } from '../src/features/demo/demoLogins.js';
import { seedDemo } from '../src/features/demo/seedDemo.js';
import { isLoopbackHost, startupBanner } from '../src/startupBanner.js';

const demo = { logins: demoLogins(), password: DEMO_PASSWORD };
const banner = (host = '127.0.0.1', withDemo = true) =>
  startupBanner({
    url: 'http://localhost:8080',
    host,
    store: 'data/emberwatch.db',
    demo: withDemo ? demo : null,
  });

describe('the startup banner', () => {
  it('lists every demo login exactly once, with what it shows, and the password once', () => {
    const text = banner();
    for (const a of DEMO_ACCOUNTS) expect(text.split(a.username)).toHaveLength(2);
    expect(text.split(DEMO_PASSWORD)).toHaveLength(2);
    expect(text).toMatch(/hay-helper@demo\.emberwatch +sub-user of Hillside Hay Farm\n/);
    expect(text).toMatch(
      /master@demo\.emberwatch +master user authorised by Hillside Hay Farm and Prairie Grain Co-op\n/,
    );
    expect(text).toMatch(/admin@demo\.emberwatch +root admin\n/);
  });

  it('lists every login the demo seed creates, the card-paying farm among them', async () => {
    // What the seed really creates, not a list kept beside it: a feature seeding another demo login
    // without adding it to demoLogins() fails here.
    const dir = mkdtempSync(join(tmpdir(), 'emberwatch-banner-'));
    const store = openStore({ sqlitePath: ':memory:' });
    try {
      await migrateToLatest(store);
      await seedDemo(store, dir, 'http://127.0.0.1:0', Math.floor(Date.now() / 1000), { monitors: false });
      const users = await store.db.selectFrom('users').select('username').execute();
      const seeded = users.map((u) => u.username).filter((u) => u.endsWith('@demo.emberwatch'));
      expect(seeded).toContain('renew@demo.emberwatch');
      const text = banner();
      for (const username of seeded) expect(text.split(username)).toHaveLength(2);
      expect(
        demoLogins()
          .map((l) => l.username)
          .sort(),
      ).toEqual(seeded.sort());
      expect(text).toMatch(/renew@demo\.emberwatch +Sam Outback Hay Contractors: plan and SIM run out soon/);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists no logins without the demo', () => {
    expect(banner('127.0.0.1', false)).not.toContain('@demo.emberwatch');
  });

  it('says whether other machines can reach the server', () => {
    expect(banner('127.0.0.1')).toContain('this computer only; HOST=0.0.0.0 serves the network');
    expect(banner('0.0.0.0')).toContain('listening on 0.0.0.0');
  });

  it.each([
    ['127.0.0.1', true],
    ['127.0.1.1', true],
    ['::1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
  ])('treats %s as loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it('describes an ordinary account by its name', () => {
    const hay = DEMO_ACCOUNTS.find((a) => a.username === 'hay@demo.emberwatch')!;
    expect(demoAccountRole(hay, DEMO_ACCOUNTS)).toBe('Hillside Hay Farm');
  });
});

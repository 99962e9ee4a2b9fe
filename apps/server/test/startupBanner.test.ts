import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/features/demo/demoAccounts.js';
import { demoAccountRole, isLoopbackHost, startupBanner } from '../src/startupBanner.js';

const demo = { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD };
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

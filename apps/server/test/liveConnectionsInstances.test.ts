import { describe, expect, it } from 'vitest';
import type { SocketStatusesResponse } from '@emberwatch/shared/contracts/connections';
import type { LiveControl } from '../src/realtime/liveControl.js';
import { twoInstancesOnOneStore } from './support/secondInstance.js';
import { bearer, TEST_ENGINE } from './support/testApp.js';

async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Decision 0096: the console lists every instance sharing the store (each reports its live channel),
 * and a switch made on one instance is made on the others too (stored, and told over the relay).
 */
describe(`the live connections of two instances, on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  const two = twoInstancesOnOneStore();
  const controlOf = (features: { name: string; exports: object }[]) =>
    (
      features.find((f) => f.name === 'realtime')!.exports as { liveControl: () => LiveControl }
    ).liveControl();

  it('lists the other instance from its report', async () => {
    const token = await two.t.login('admin@demo.emberwatch');
    const res = await two.t.app.inject({
      method: 'GET',
      url: '/admin/getSocketStatuses',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<SocketStatusesResponse>();
    const second = controlOf(two.second.features);
    expect(s.instances.map((i) => [i.instance, i.self])).toEqual(
      expect.arrayContaining([
        [controlOf(two.t.features).instance, true],
        [second.instance, false],
      ]),
    );
  });

  it('mutes a user and stops the push on the other instance too', async () => {
    const token = await two.t.login('admin@demo.emberwatch');
    const hay = (await two.t.findUser('hay@demo.emberwatch'))!.id;
    const second = controlOf(two.second.features);
    const post = (url: string, payload: object) =>
      two.t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    expect((await post('/admin/setClientSocket', { UID: hay, action: 'disable' })).statusCode).toBe(200);
    expect((await post('/admin/setServerSocket', { link: 'push', action: 'off' })).statusCode).toBe(200);
    if (TEST_ENGINE === 'postgres') {
      // Told over the relay: at once, not at the next 10 s report.
      await waitFor(() => (second.isMuted(hay) && !second.pushEnabled() ? true : undefined));
    } else {
      // One SQLite file, no relay: the other instance follows the stored switches with its report.
      const connections = two.second.features.find((f) => f.name === 'connections')!;
      expect(second.isMuted(hay)).toBe(false);
      await (connections as unknown as { start: () => Promise<void> }).start();
      expect(second.isMuted(hay)).toBe(true);
      expect(second.pushEnabled()).toBe(false);
    }
    await post('/admin/setClientSocket', { UID: hay, action: 'enable' });
    await post('/admin/setServerSocket', { link: 'push', action: 'on' });
  });
});

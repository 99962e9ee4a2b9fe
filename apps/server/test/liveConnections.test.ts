import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SocketStatusesResponse } from '@emberwatch/shared/contracts/connections';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';
import { connectWs, waitFor, type WsClient as Client } from './support/wsClient.js';

/**
 * Issue 30 item 7 (decision 0096): the operator console lists the live connections as the running
 * gateway holds them, and its switches act on real sockets — a user's live updates off and on, a
 * user's sockets closed, the push off for everyone, the relay reconnected.
 */
/** A socket to the gateway, with a user agent the console lists. */
const connect = (url: string) => connectWs(url, { 'user-agent': 'console-test/1.0' });

describe(`the live connections in the operator console, on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let wsUrl: string;
  const now = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};
  let hayId = 0;
  const open: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = address.replace('http', 'ws') + '/ws';
    for (const u of ['admin', 'hay', 'grain', 'master']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    for (const c of open) c.ws.close();
    await t.close();
  });

  const get = (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
  const post = (url: string, payload: object, who = 'admin') =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(tokens[who]!) });
  async function statuses(): Promise<SocketStatusesResponse> {
    const res = await get('/admin/getSocketStatuses');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SocketStatusesResponse>();
  }
  async function subscriber(who: string): Promise<Client> {
    const c = await connect(wsUrl);
    open.push(c);
    c.ws.send(JSON.stringify({ type: 'auth', token: await t.login(`${who}@demo.emberwatch`) }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    return c;
  }
  let last = 0;
  /** A fresh reading (each newer than the last): only those are news to push. */
  async function ingest(bs = 'F1000002', sensor = 'H10101') {
    last = Math.max(last + 1, Math.floor(Date.now() / 1000) - 30);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bs}:${t.secretOf(bs)}` },
      payload: {
        type: 'data',
        readings: [{ sensor_id: sensor, meas_ts: last, temperatures: [400] }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const newData = (c: Client) => c.messages.filter((m) => m.type === 'newData').length;

  it('lists the running gateway’s connections: who, since when, what it receives, and sockets not yet authenticated', async () => {
    const hay = await subscriber('hay');
    await subscriber('admin');
    const pendingSocket = await connect(wsUrl);
    open.push(pendingSocket);

    const s = await statuses();
    expect(s.push_enabled).toBe(true);
    const self = s.instances.find((i) => i.self)!;
    expect(self.clients).toBe(2);
    expect(self.pending).toBe(1);
    expect(self.relay.state).toBe(TEST_ENGINE === 'postgres' ? 'connected' : 'none');
    const mine = s.clients.find((c) => c.UID === hayId)!;
    expect(mine).toMatchObject({
      instance: self.instance,
      username: 'hay@demo.emberwatch',
      is_admin: false,
      muted: false,
      agent: 'console-test/1.0',
      pushed: 0,
    });
    expect(mine.stations).toBeGreaterThan(0);
    expect(mine.connected_ts).toBeGreaterThanOrEqual(now - 5);
    expect(s.clients.find((c) => c.username === 'admin@demo.emberwatch')?.is_admin).toBe(true);

    await ingest();
    await waitFor(() => (newData(hay) > 0 ? true : undefined));
    const after = (await statuses()).clients.find((c) => c.UID === hayId)!;
    expect(after.pushed).toBe(1);
    expect(after.last_push_ts).not.toBeNull();
    pendingSocket.ws.close();
  });

  it('disables a user’s live updates (the socket stays, nothing is pushed) and enables them again', async () => {
    const hay = await subscriber('hay');
    const admin = await subscriber('admin');
    const off = await post('/admin/setClientSocket', { UID: hayId, action: 'disable' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status_code: 0, live: false, disconnected: 0 });

    const before = newData(admin);
    await ingest();
    // The admin's push and the farmer's go out in one pass: once the admin has it, the farmer would.
    await waitFor(() => (newData(admin) > before ? true : undefined));
    expect(newData(hay)).toBe(0);
    const s = await statuses();
    expect(s.muted).toEqual([
      expect.objectContaining({ UID: hayId, username: 'hay@demo.emberwatch', by: 'admin@demo.emberwatch' }),
    ]);
    expect(s.clients.filter((c) => c.UID === hayId).every((c) => c.muted)).toBe(true);

    const on = await post('/admin/setClientSocket', { UID: hayId, action: 'enable' });
    expect(on.json()).toMatchObject({ live: true });
    await ingest();
    await waitFor(() => (newData(hay) > 0 ? true : undefined));
    expect((await statuses()).muted).toEqual([]);
  });

  it('disconnects a user’s sockets, or one of them; the others stay', async () => {
    const a = await subscriber('hay');
    const b = await subscriber('hay');
    const grain = await subscriber('grain');
    const ids = (await statuses()).clients.filter((c) => c.UID === hayId).map((c) => c.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);

    const one = await post('/admin/setClientSocket', {
      UID: hayId,
      action: 'disconnect',
      connection: ids.at(-1),
    });
    expect(one.json()).toMatchObject({ disconnected: 1, live: true });
    expect(await b.closed).toBe(4000);
    expect(a.ws.readyState).toBe(WebSocket.OPEN);

    const all = await post('/admin/setClientSocket', { UID: hayId, action: 'disconnect' });
    expect(all.json<{ disconnected: number }>().disconnected).toBeGreaterThanOrEqual(1);
    expect(await a.closed).toBe(4000);
    expect((await statuses()).clients.filter((c) => c.UID === hayId)).toEqual([]);
    expect(grain.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('turns the push off for every client and on again, and reconnects every client', async () => {
    const grain = await subscriber('grain');
    const off = await post('/admin/setServerSocket', { link: 'push', action: 'off' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ push_enabled: false });
    expect((await statuses()).push_enabled).toBe(false);
    await ingest('F2000001', 'G20001');
    // Nothing to wait for: prove it by turning the push on and seeing the next event arrive alone.
    await post('/admin/setServerSocket', { link: 'push', action: 'on' });
    await ingest('F2000001', 'G20001');
    await waitFor(() => (newData(grain) > 0 ? true : undefined));
    expect(newData(grain)).toBe(1);

    const again = await post('/admin/setServerSocket', { link: 'push', action: 'reconnect' });
    expect(again.statusCode).toBe(200);
    expect(await grain.closed).toBe(4000);
    expect((await statuses()).clients).toEqual([]);
  });

  it('reconnects the relay between instances where there is one, and refuses what a link cannot do', async () => {
    const relay = await post('/admin/setServerSocket', { link: 'relay', action: 'reconnect' });
    if (TEST_ENGINE === 'postgres') {
      expect(relay.statusCode, relay.body).toBe(200);
      expect(relay.json()).toMatchObject({ relay: { state: 'connected', reconnects: 1 } });
    } else {
      expect(relay.statusCode).toBe(409);
      expect(relay.json<{ error: string }>().error).toBe(
        'This server has no relay: it runs on SQLite, as one instance.',
      );
    }
    const onOff = await post('/admin/setServerSocket', { link: 'relay', action: 'off' });
    expect(onOff.statusCode).toBe(TEST_ENGINE === 'postgres' ? 400 : 409);
    expect((await post('/admin/setServerSocket', { link: 'wire', action: 'on' })).statusCode).toBe(400);
    expect((await post('/admin/setClientSocket', { UID: 999_999, action: 'disable' })).statusCode).toBe(404);
    expect(
      (await post('/admin/setClientSocket', { UID: hayId, action: 'disable', connection: 'x' })).statusCode,
    ).toBe(400);
    expect((await statuses()).muted).toEqual([]);
  });

  it.each([
    ['Root', 0, true],
    ['Admin', 1, true],
    ['Tech', 2, true],
    ['Sales', 3, false],
  ])('as %s staff reads the connections and switches them: %s', async (_level, group, maySwitch) => {
    await asStaffLevel(t, group, async () => {
      expect((await get('/admin/getSocketStatuses')).statusCode).toBe(200);
      const res = await post('/admin/setClientSocket', { UID: hayId, action: 'enable' });
      expect(res.statusCode).toBe(maySwitch ? 200 : 403);
      const push = await post('/admin/setServerSocket', { link: 'push', action: 'on' });
      expect(push.statusCode).toBe(maySwitch ? 200 : 403);
      if (!maySwitch)
        expect(push.json<{ error: string }>().error).toBe(
          'Only Root, Admin and Tech staff switch live connections.',
        );
    });
  });

  it('refuses customers and masters', async () => {
    for (const who of ['hay', 'master']) {
      expect((await get('/admin/getSocketStatuses', who)).statusCode).toBe(403);
      expect((await post('/admin/setClientSocket', { UID: hayId, action: 'disable' }, who)).statusCode).toBe(
        403,
      );
      expect((await post('/admin/setServerSocket', { link: 'push', action: 'off' }, who)).statusCode).toBe(
        403,
      );
    }
    expect((await statuses()).push_enabled).toBe(true);
  });
});

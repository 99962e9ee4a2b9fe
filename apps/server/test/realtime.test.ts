import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WsServerMessage } from '@emberwatch/shared';
import { createServer } from '../src/createServer.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/** A client that records every message, so a test can wait for one or prove none came. */
function connect(
  url: string,
): Promise<{ ws: WebSocket; messages: WsServerMessage[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: WsServerMessage[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as WsServerMessage));
    ws.on('open', () => resolve({ ws, messages, closed }));
    ws.on('error', reject);
  });
}

async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`realtime push over the WebSocket, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let wsUrl: string;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = address.replace('http', 'ws') + '/ws';
  });
  afterAll(async () => {
    await t.close();
  });

  async function ingest(bs: string, sensor: string, ts: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bs}:${t.secretOf(bs)}` },
      payload: { type: 'data', readings: [{ sensor_id: sensor, meas_ts: ts, temperatures: [400] }] },
    });
    expect(res.statusCode).toBe(200);
  }

  async function subscriber(username: string) {
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: await t.login(username) }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    return c;
  }

  it('pushes newData to the users who may see the station, and to nobody else', async () => {
    const hay = await subscriber('hay@demo.emberwatch');
    const helper = await subscriber('hay-helper@demo.emberwatch');
    const grain = await subscriber('grain@demo.emberwatch');
    const admin = await subscriber('admin@demo.emberwatch');

    await ingest('F1000002', 'H10101', now - 10);

    const want = { type: 'newData', bs_ids: 'F1000002' };
    expect(await waitFor(() => hay.messages.find((m) => m.type === 'newData'))).toEqual(want);
    expect(await waitFor(() => helper.messages.find((m) => m.type === 'newData'))).toEqual(want);
    expect(await waitFor(() => admin.messages.find((m) => m.type === 'newData'))).toEqual(want);

    // Give a wrong push time to arrive, then prove the grain farmer heard nothing.
    await ingest('F2000001', 'G20001', now - 10);
    await waitFor(() => grain.messages.find((m) => m.type === 'newData'));
    expect(grain.messages.filter((m) => m.type === 'newData')).toEqual([
      { type: 'newData', bs_ids: 'F2000001' },
    ]);
    expect(hay.messages.filter((m) => m.type === 'newData')).toEqual([want]);

    for (const c of [hay, helper, grain, admin]) c.ws.close();
  });

  it('names only the stations a user may see when one push covers several accounts', async () => {
    const master = await subscriber('master@demo.emberwatch');
    const compost = await subscriber('compost@demo.emberwatch');
    // A compost probe heard by a hay station: both stations changed.
    await ingest('F1000001', 'C30001', now - 5);
    expect(await waitFor(() => master.messages.find((m) => m.type === 'newData'))).toEqual({
      type: 'newData',
      bs_ids: 'F1000001',
    });
    expect(await waitFor(() => compost.messages.find((m) => m.type === 'newData'))).toEqual({
      type: 'newData',
      bs_ids: 'F3000001',
    });
    master.ws.close();
    compost.ws.close();
  });

  it('closes a socket that presents a bad token and answers ping with pong', async () => {
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => c.messages.find((m) => m.type === 'pong'));
    c.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await c.closed).toBe(4401);
  });

  it('sends nothing to a socket that never authenticates', async () => {
    const c = await connect(wsUrl);
    await ingest('F1000003', 'H10201', now - 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.messages).toEqual([]);
    c.ws.close();
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('realtime across server instances sharing PostgreSQL', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof createServer>>;
  let wsUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    second = await createServer(t.kernel.config, t.store, { logger: false });
    const address = await second.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = address.replace('http', 'ws') + '/ws';
  });
  afterAll(async () => {
    await second.app.close();
    await t.close();
  });

  it('pushes data stored by one instance to a user connected to another', async () => {
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: await t.login('hay@demo.emberwatch') }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station F1000003:${t.secretOf('F1000003')}` },
      payload: {
        type: 'data',
        readings: [{ sensor_id: 'H10201', meas_ts: Math.floor(Date.now() / 1000) - 1, temperatures: [410] }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await waitFor(() => c.messages.find((m) => m.type === 'newData'))).toEqual({
      type: 'newData',
      bs_ids: 'F1000003',
    });
    c.ws.close();
  });

  it('lets every instance follow a probe moved on another one', async () => {
    const ingestOnSecond = (ts: number) =>
      second.app.inject({
        method: 'POST',
        url: '/ingest/v1/packets',
        headers: { authorization: `Station F1000003:${t.secretOf('F1000003')}` },
        payload: { type: 'data', readings: [{ sensor_id: 'H10008', meas_ts: ts, temperatures: [420] }] },
      });
    const base = Math.floor(Date.now() / 1000) - 600;
    // The second instance learns (and caches) that H10008 belongs to F1000001.
    expect((await ingestOnSecond(base)).statusCode).toBe(200);

    const token = await t.login('hay@demo.emberwatch');
    const moved = await t.app.inject({
      method: 'POST',
      url: '/client/transferSensors',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentBS: 'F1000001', selectedBS: 'F1000002', selectedSensors: ['H10008'] },
    });
    expect(moved.json()).toMatchObject({ status_code: 0 });

    // Once the relay has told it, the second instance announces new data to the new station.
    let next = base;
    await waitFor(async () => {
      const events: string[][] = [];
      // Only what the second instance stored itself (the transfer's own push is relayed too).
      const off = second.kernel.bus.on('newData', (e) => {
        if (!e.remote) events.push(e.bsIds);
      });
      next += 1;
      await ingestOnSecond(next);
      off();
      return events.some((ids) => ids.includes('F1000002')) ? true : undefined;
    });
  });
});

describe(`a WebSocket whose token runs out, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clocked: Awaited<ReturnType<typeof createServer>>;
  let now = Math.floor(Date.now() / 1000);
  let wsUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    clocked = await createServer(t.kernel.config, t.store, { logger: false, nowS: () => now, wsRefreshMs: 50 });
    const address = await clocked.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = address.replace('http', 'ws') + '/ws';
  });
  afterAll(async () => {
    await clocked.app.close();
    await t.close();
  });

  it('is closed when the access token expires, so pushes stop with the session', async () => {
    const login = await clocked.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: 'hay@demo.emberwatch', password: 'ember-demo' },
    });
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: login.json<{ accessToken: string }>().accessToken }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    now += t.kernel.config.accessTokenTtlS + 1;
    expect(await c.closed).toBe(4401);
  });
});

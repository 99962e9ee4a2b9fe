import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/createServer.js';
import { twoInstancesOnOneStore } from './support/secondInstance.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { connectWs as connect, waitFor } from './support/wsClient.js';

/** A client that records every message, so a test can wait for one or prove none came. */

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
    const users = {
      hay: ['F1000001'],
      'hay-helper': ['F1000001'],
      grain: ['F2000001'],
      compost: ['F3000001'],
      // Authorised by the hay and grain accounts, not by the compost one.
      master: ['F1000001', 'F2000001'],
      admin: ['F1000001', 'F2000001', 'F3000001'],
    };
    const sockets = await Promise.all(
      Object.keys(users).map(async (u) => [u, await subscriber(`${u}@demo.emberwatch`)] as const),
    );
    // One commit may hold packets of several accounts' stations: its push names them all.
    t.kernel.bus.emit('newData', { bsIds: ['F1000001', 'F2000001', 'F3000001'] });
    for (const [u, c] of sockets) {
      expect(await waitFor(() => c.messages.find((m) => m.type === 'newData'))).toEqual({
        type: 'newData',
        bs_ids: users[u as keyof typeof users].join(' '),
      });
    }
    for (const [, c] of sockets) c.ws.close();
  });

  it('gives every user exactly the stations of the accounts it may see, and no other', async () => {
    const hayStations = ['F1000001', 'F1000002', 'F1000003'];
    const grainStations = ['F2000001', 'F2000002', 'F2000003'];
    const compostStations = ['F3000001', 'F3000002'];
    const expected: Record<string, string[]> = {
      hay: hayStations,
      'hay-helper': hayStations,
      grain: grainStations,
      compost: compostStations,
      master: [...hayStations, ...grainStations],
      // The admin hears the demo-mode visitor's stations too, one of each kind (decision 0079).
      admin: [...hayStations, ...grainStations, ...compostStations, 'F4000001', 'F4000002', 'F4000003'],
    };
    const sockets = await Promise.all(
      Object.keys(expected).map(async (u) => [u, await subscriber(`${u}@demo.emberwatch`)] as const),
    );
    // One reading of an own probe from every demo station, one packet at a time.
    for (const s of t.stations) await ingest(s.bs_id, s.probes[1]?.sensor_id as string, now - 2);
    const heard = (c: (typeof sockets)[number][1]) =>
      [...new Set(c.messages.flatMap((m) => (m.type === 'newData' ? m.bs_ids.split(' ') : [])))].sort();
    for (const [u, c] of sockets) {
      await waitFor(() => (heard(c).length >= (expected[u] as string[]).length ? true : undefined));
    }
    // Time for a wrong push to arrive, then compare exactly.
    await new Promise((r) => setTimeout(r, 200));
    for (const [u, c] of sockets)
      expect({ [u]: heard(c) }).toEqual({ [u]: [...(expected[u] as string[])].sort() });
    for (const [, c] of sockets) c.ws.close();
  });

  it("pushes nothing to an account whose probe another account's station names", async () => {
    const hay = await subscriber('hay@demo.emberwatch');
    const grain = await subscriber('grain@demo.emberwatch');
    // Hay's station sends a reading of its own and a (refused) one for the grain account's probe.
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station F1000001:${t.secretOf('F1000001')}` },
      payload: {
        type: 'data',
        readings: [
          { sensor_id: 'G20001', meas_ts: now - 1, temperatures: [1999] },
          { sensor_id: 'H10001', meas_ts: now - 1, temperatures: [400] },
        ],
      },
    });
    expect(res.json()).toMatchObject({ stored: 1, refused: 1 });
    expect(await waitFor(() => hay.messages.find((m) => m.type === 'newData'))).toEqual({
      type: 'newData',
      bs_ids: 'F1000001',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(grain.messages.filter((m) => m.type === 'newData')).toEqual([]);
    hay.ws.close();
    grain.ws.close();
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
  const instances = twoInstancesOnOneStore();
  let wsUrl: string;

  beforeAll(async () => {
    const address = await instances.second.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = address.replace('http', 'ws') + '/ws';
  });

  it('pushes data stored by one instance to a user connected to another', async () => {
    const { t } = instances;
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

  it('relays a change of alerts made by one instance to a user connected to another', async () => {
    const { t } = instances;
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: await t.login('hay@demo.emberwatch') }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    t.kernel.bus.emit('alertsChanged', { ownerIds: [1], bsIds: ['F1000002', 'F2000001'] });
    // Only the station the user may see is named.
    expect(await waitFor(() => c.messages.find((m) => m.type === 'alertsChanged'))).toEqual({
      type: 'alertsChanged',
      bs_ids: 'F1000002',
    });
    c.ws.close();
  });

  it('counts a push made on the other instance in the quiet time it tells a tab', async () => {
    const { t } = instances;
    const ask = async () => {
      const c = await connect(wsUrl);
      c.ws.send(JSON.stringify({ type: 'auth', token: await t.login('grain@demo.emberwatch') }));
      const ready = await waitFor(() => c.messages.find((m) => m.type === 'ready'));
      c.ws.close();
      return ready;
    };
    // Some quiet time after the relay's link and the tests before.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await ask()).quietForMs).toBeGreaterThanOrEqual(1_000);
    t.kernel.bus.emit('alertsChanged', { ownerIds: [2], bsIds: ['F2000001'] });
    await waitFor(async () => ((await ask()).quietForMs === undefined ? true : undefined));
  });

  it('lets every instance follow a probe moved on another one', async () => {
    const { t, second } = instances;
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
  // The access refresh is an hour away here: only the pushes themselves can notice the expiry.
  let slow: Awaited<ReturnType<typeof createServer>>;
  let now = Math.floor(Date.now() / 1000);
  let wsUrl: string;
  let slowUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    clocked = await createServer(t.kernel.config, t.store, {
      logger: false,
      nowS: () => now,
      wsRefreshMs: 50,
    });
    wsUrl = (await clocked.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws') + '/ws';
    slow = await createServer(t.kernel.config, t.store, {
      logger: false,
      nowS: () => now,
      wsRefreshMs: 3_600_000,
    });
    slowUrl = (await slow.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws') + '/ws';
  });
  afterAll(async () => {
    await clocked.app.close();
    await slow.app.close();
    await t.close();
  });

  async function token(app = clocked.app, username = 'hay@demo.emberwatch'): Promise<string> {
    const login = await app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username, password: 'ember-demo' },
    });
    return login.json<{ accessToken: string }>().accessToken;
  }

  it('is closed when the access token expires, so pushes stop with the session', async () => {
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: await token() }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    now += t.kernel.config.accessTokenTtlS + 1;
    expect(await c.closed).toBe(4401);
  });

  it('gets no push after its token expired, even before the next access refresh', async () => {
    const c = await connect(slowUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: await token(slow.app) }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    slow.kernel.bus.emit('newData', { bsIds: ['F1000001'] });
    await waitFor(() => c.messages.find((m) => m.type === 'newData'));

    now += t.kernel.config.accessTokenTtlS + 1;
    slow.kernel.bus.emit('newData', { bsIds: ['F1000002'] });
    expect(await Promise.race([c.closed, new Promise((r) => setTimeout(() => r('still open'), 2000))])).toBe(
      4401,
    );
    expect(c.messages.filter((m) => m.type === 'newData')).toEqual([{ type: 'newData', bs_ids: 'F1000001' }]);
  });

  it('refuses to subscribe with a token that has already expired', async () => {
    const old = await token();
    now += t.kernel.config.accessTokenTtlS + 1;
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: old }));
    expect(await c.closed).toBe(4401);
    expect(c.messages.filter((m) => m.type === 'ready')).toEqual([]);
  });

  it("stops a master's pushes of an account that withdrew its authorisation", async () => {
    const c = await connect(wsUrl);
    c.ws.send(JSON.stringify({ type: 'auth', token: await token(clocked.app, 'master@demo.emberwatch') }));
    await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    clocked.kernel.bus.emit('newData', { bsIds: ['F2000001', 'F3000001'] });
    expect(await waitFor(() => c.messages.find((m) => m.type === 'newData'))).toEqual({
      type: 'newData',
      bs_ids: 'F2000001',
    });

    const grain = await t.store.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'grain@demo.emberwatch')
      .executeTakeFirstOrThrow();
    await t.store.db
      .updateTable('master_authorizations')
      .set({ authorized: 0 })
      .where('owner_user_id', '=', grain.id)
      .execute();
    // Within an access refresh the withdrawal reaches the socket: grain's stations go silent.
    await waitFor(async () => {
      c.messages.length = 0;
      clocked.kernel.bus.emit('newData', { bsIds: ['F1000001', 'F2000001'] });
      await new Promise((r) => setTimeout(r, 30));
      const last = c.messages.at(-1);
      return last?.type === 'newData' && last.bs_ids === 'F1000001' ? true : undefined;
    });
    c.messages.length = 0;
    clocked.kernel.bus.emit('newData', { bsIds: ['F2000001', 'F2000002'] });
    await new Promise((r) => setTimeout(r, 200));
    expect(c.messages).toEqual([]);
    c.ws.close();
  });
});

describe(`a tab told for how long nothing it may see was pushed, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof createServer>>;
  const startedS = Math.floor(Date.now() / 1000);
  let now = startedS;
  let wsUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    server = await createServer(t.kernel.config, t.store, { logger: false, nowS: () => now });
    wsUrl = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws') + '/ws';
  });
  afterAll(async () => {
    await server.app.close();
    await t.close();
  });

  /** The `ready` a user's socket gets, its page drawn at `sinceS` when named (decision 0182's app). */
  async function readyFor(username: string, sinceS?: number) {
    const c = await connect(wsUrl);
    const token = await t.login(username);
    c.ws.send(
      JSON.stringify({ type: 'auth', token, ...(sinceS === undefined ? {} : { since: sinceS * 1000 }) }),
    );
    const ready = await waitFor(() => c.messages.find((m) => m.type === 'ready'));
    c.ws.close();
    return ready;
  }

  it('is told for how long nothing it may see was pushed: since its last push, its start, or its memory', async () => {
    now += 10;
    // Nothing pushed since the instance started (a second off: the clock counts whole seconds).
    expect(await readyFor('hay@demo.emberwatch')).toEqual({ type: 'ready', UID: 1, quietForMs: 9_000 });
    // Another account's station and another account's alerts are not this user's.
    server.kernel.bus.emit('newData', { bsIds: ['F2000001'] });
    server.kernel.bus.emit('alertsChanged', { ownerIds: [2], bsIds: ['F2000001'] });
    now += 3;
    expect(await readyFor('hay@demo.emberwatch')).toMatchObject({ quietForMs: 12_000 });
    // An admin may see every station: those pushes were its.
    expect(await readyFor('admin@demo.emberwatch')).toMatchObject({ quietForMs: 2_000 });
    // Its own station's data: pushed now, so no quiet time at all.
    server.kernel.bus.emit('newData', { bsIds: ['F1000002'] });
    expect(await readyFor('hay@demo.emberwatch')).not.toHaveProperty('quietForMs');
    now += 5;
    expect(await readyFor('hay@demo.emberwatch')).toMatchObject({ quietForMs: 4_000 });
    // The farm hand sees the same farm's stations.
    expect(await readyFor('hay-helper@demo.emberwatch')).toMatchObject({ quietForMs: 4_000 });
    // No further back than the two minutes the gateway remembers.
    now += 200;
    expect(await readyFor('hay@demo.emberwatch')).toMatchObject({ quietForMs: 119_000 });
  });

  it('answers an app that names the moment its page was drawn (decision 0182) from the same memory', async () => {
    now += 10;
    const drawnAt = now;
    now += 3;
    expect(await readyFor('hay@demo.emberwatch', drawnAt)).toMatchObject({ type: 'ready', quiet: true });
    server.kernel.bus.emit('newData', { bsIds: ['F1000002'] });
    expect(await readyFor('hay@demo.emberwatch', drawnAt)).not.toHaveProperty('quiet');
    // Pushed before the page was drawn (beyond the clocks' margin): the page had it.
    now += 5;
    expect(await readyFor('hay@demo.emberwatch', now - 1)).toMatchObject({ quiet: true });
    // Beyond the two minutes the gateway remembers, or ahead of its clock: it cannot tell.
    now += 200;
    expect(await readyFor('hay@demo.emberwatch', now - 121)).not.toHaveProperty('quiet');
    expect(await readyFor('hay@demo.emberwatch', now - 100)).toMatchObject({ quiet: true });
    expect(await readyFor('hay@demo.emberwatch', now + 60)).not.toHaveProperty('quiet');
  });

  it('refuses a moment that is not a time', async () => {
    const c = await connect(wsUrl);
    const token = await t.login('hay@demo.emberwatch');
    c.ws.send(JSON.stringify({ type: 'auth', token, since: 'yesterday' }));
    expect(await waitFor(() => c.messages.find((m) => m.type === 'error'))).toEqual({
      type: 'error',
      error: 'unknown message',
    });
    c.ws.close();
  });
});

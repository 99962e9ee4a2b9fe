import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WsServerMessage } from '@emberwatch/shared/contracts/realtime';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import { createServer, type Server } from '../src/createServer.js';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Spec doc 1 §4: "Event fcStat refetches field controller status when the id matches one of the
 * user's FC ids". A controller's status change (a decision, a report, an outage) is pushed as fcStat
 * to those who may see its account, naming only that account's controllers; on PostgreSQL it reaches
 * the sockets of every server instance. The user info lists the account's controllers (FC_IDs).
 */
describe(`fcStat pushed over the WebSocket, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let second: Server | undefined;
  let wsUrl: string;
  let secondWsUrl: string | undefined;
  let call: ReturnType<typeof api>;
  const tokens: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  let clock = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    for (const u of ['grain', 'hay', 'admin', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = address.replace('http', 'ws') + '/ws';
    if (TEST_ENGINE === 'postgres') {
      // Another replica on the same store: its sockets get the push through LISTEN/NOTIFY.
      second = await createServer(t.kernel.config, t.store, { logger: false });
      secondWsUrl = (await second.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws') + '/ws';
    }
    const grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    const hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    for (const [fcId, UID, type, channels] of [
      ['FC-PUSH-G', grainId, 'FC', 1],
      ['RC-PUSH-H', hayId, 'RC', 2],
    ] as const) {
      const res = await call.post('admin', '/admin/registerRC12', { UID, fc_id: fcId, type, channels });
      expect(res.statusCode, res.body).toBe(200);
      secrets[fcId] = res.json<{ secret: string }>().secret;
    }
  });
  afterAll(async () => {
    await second?.app.close();
    await t.close();
  });

  async function subscriber(username: string, url = wsUrl) {
    const ws = new WebSocket(url);
    const messages: WsServerMessage[] = [];
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as WsServerMessage));
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', token: await t.login(username) }));
    await waitFor(() => messages.find((m) => m.type === 'ready'));
    return { ws, messages, fcStats: () => messages.filter((m) => m.type === 'fcStat') };
  }

  async function waitFor<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const v = fn();
      if (v !== undefined) return v;
      if (Date.now() > until) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const settle = () => new Promise((r) => setTimeout(r, 300));
  const poll = (fcId: string, channels: object[]) =>
    t.app.inject({
      method: 'POST',
      url: '/fc/poll2',
      headers: { authorization: `Controller ${fcId}:${secrets[fcId]}` },
      payload: { channels },
    });

  it('lists the account’s controllers in the user info (FC_IDs), for its sub-user too', async () => {
    const info = async (who: string) =>
      (await call.get(who, '/client/userInfo')).json<{ userinfo: UserInfo }>().userinfo.FC_IDs;
    expect(await info('grain')).toEqual(['FC-PUSH-G']);
    expect(await info('hay')).toEqual(['RC-PUSH-H']);
    expect(await info('hay-helper')).toEqual(['RC-PUSH-H']);
  });

  it('tells the owner (and admins) of a manual command, and no other account', async () => {
    const grain = await subscriber('grain@demo.emberwatch');
    const hay = await subscriber('hay@demo.emberwatch');
    const admin = await subscriber('admin@demo.emberwatch');
    const res = await call.post('grain', '/fc/setFcManualCommand', {
      fc_id: 'FC-PUSH-G',
      channel: 1,
      isManual: true,
      command: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const c of [grain, admin])
      expect(await waitFor(() => c.fcStats()[0])).toEqual({ type: 'fcStat', fc_ids: 'FC-PUSH-G' });
    await settle();
    expect(hay.fcStats()).toEqual([]);
    for (const c of [grain, hay, admin]) c.ws.close();
  });

  it('pushes a report that changes what the web shows, and not a repeated one', async () => {
    const hay = await subscriber('hay@demo.emberwatch');
    const helper = await subscriber('hay-helper@demo.emberwatch');
    const grain = await subscriber('grain@demo.emberwatch');
    const report = [
      { channel: 1, fc_mode: 'drive', drive: 0, rev: 0 },
      { channel: 2, fc_mode: 'off', drive: 0, rev: 0 },
    ];
    expect((await poll('RC-PUSH-H', report)).statusCode).toBe(200);
    for (const c of [hay, helper])
      expect(await waitFor(() => c.fcStats()[0])).toEqual({ type: 'fcStat', fc_ids: 'RC-PUSH-H' });
    // The same report again, a poll later: nothing changed, nothing pushed.
    clock += 30;
    expect((await poll('RC-PUSH-H', report)).statusCode).toBe(200);
    await settle();
    expect(hay.fcStats()).toHaveLength(1);
    // The switch at the controller turned: pushed.
    clock += 30;
    expect((await poll('RC-PUSH-H', [{ ...report[0], fc_mode: 'on', drive: 1 }])).statusCode).toBe(200);
    await waitFor(() => (hay.fcStats().length === 2 ? true : undefined));
    expect(grain.fcStats()).toEqual([]);
    // A malformed report is refused and tells nobody anything.
    expect((await poll('RC-PUSH-H', [{ channel: 9, fc_mode: 'drive', drive: 0 }])).statusCode).toBe(400);
    await settle();
    expect(hay.fcStats()).toHaveLength(2);
    for (const c of [hay, helper, grain]) c.ws.close();
  });

  it('pushes the outage when the server marks a silent controller offline', async () => {
    const hay = await subscriber('hay@demo.emberwatch');
    clock += 600;
    tokens.hay = await t.login('hay@demo.emberwatch');
    await t.jobs.find((j) => j.name === 'fans.offline')!.run();
    const pushed = await waitFor(() => hay.fcStats().find((m) => m.fc_ids.includes('RC-PUSH-H')));
    expect(pushed).toEqual({ type: 'fcStat', fc_ids: 'RC-PUSH-H' });
    hay.ws.close();
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'reaches the owner’s socket on another server instance (LISTEN/NOTIFY)',
    async () => {
      const elsewhere = await subscriber('grain@demo.emberwatch', secondWsUrl);
      const local = await subscriber('hay@demo.emberwatch', secondWsUrl);
      tokens.grain = await t.login('grain@demo.emberwatch');
      const res = await call.post('grain', '/fc/setFcManualCommand', {
        fc_id: 'FC-PUSH-G',
        channel: 1,
        isManual: true,
        command: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await waitFor(() => elsewhere.fcStats()[0])).toEqual({ type: 'fcStat', fc_ids: 'FC-PUSH-G' });
      await settle();
      expect(local.fcStats().filter((m) => m.fc_ids.includes('FC-PUSH-G'))).toEqual([]);
      for (const c of [elsewhere, local]) c.ws.close();
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WsServerMessage } from '@emberwatch/shared/contracts/realtime';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { ingest } from './support/probeHelpers.js';

/**
 * An alert must show in the browser without a reload (issue 11): when the evaluator writes a rule's
 * effects, everyone who may see one of the monitored stations gets `alertsChanged` naming it.
 */
describe(`alertsChanged pushed over the WebSocket, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let wsUrl: string;

  beforeAll(async () => {
    // The demo monitors: hay's storages watched at 55 °C.
    t = await createTestApp({ demoMonitors: true });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = address.replace('http', 'ws') + '/ws';
  });
  afterAll(async () => {
    await t.close();
  });

  async function subscriber(username: string) {
    const ws = new WebSocket(wsUrl);
    const messages: WsServerMessage[] = [];
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as WsServerMessage));
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', token: await t.login(username) }));
    await waitFor(() => messages.find((m) => m.type === 'ready'));
    return { ws, messages };
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

  it('tells the hay farm and its helper, and nobody else, that an alert was raised on the north barn', async () => {
    const hay = await subscriber('hay@demo.emberwatch');
    const helper = await subscriber('hay-helper@demo.emberwatch');
    const grain = await subscriber('grain@demo.emberwatch');
    const now = Math.floor(Date.now() / 1000);
    await ingest(t, 'F1000001', [{ sensor_id: 'H10001', meas_ts: now - 30, temperatures: [400, 500, 612] }]);
    for (const c of [hay, helper]) {
      const pushed = await waitFor(() => c.messages.find((m) => m.type === 'alertsChanged'));
      expect(pushed).toEqual({ type: 'alertsChanged', bs_ids: 'F1000001' });
    }
    // newData reached the grain farm's socket for nothing either: it sees neither.
    expect(grain.messages.filter((m) => m.type !== 'ready')).toEqual([]);
    for (const c of [hay, helper, grain]) c.ws.close();
  });

  it('says nothing when readings change no alert', async () => {
    const hay = await subscriber('hay@demo.emberwatch');
    const now = Math.floor(Date.now() / 1000);
    // A cool bale of another stack: newData comes, no alert changes.
    await ingest(t, 'F1000001', [{ sensor_id: 'H10009', meas_ts: now - 20, temperatures: [200, 210, 220] }]);
    await waitFor(() => hay.messages.find((m) => m.type === 'newData'));
    const evaluator = (
      t.features.find((f) => f.name === 'monitors')!.exports as { evaluator: { idle(): Promise<void> } }
    ).evaluator;
    await evaluator.idle();
    expect(hay.messages.filter((m) => m.type === 'alertsChanged')).toEqual([]);
    hay.ws.close();
  });
});

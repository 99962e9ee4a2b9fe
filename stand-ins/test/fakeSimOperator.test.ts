import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSimOperator, type FakeSimOperator } from '../src/index.js';

/** The SIM operator stand-in (decision 0092): its API as the server's client uses it, and its plays. */
describe('the fake SIM operator', () => {
  let op: FakeSimOperator;
  const events: { secret: string; body: unknown }[] = [];
  const receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      events.push({ secret: String(req.headers['x-callback-secret']), body: JSON.parse(raw) });
      res.writeHead(200).end('{}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    op = await startFakeSimOperator({
      callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/telia/API`,
    });
  });
  afterAll(async () => {
    await op.close();
    await new Promise((r) => receiver.close(r));
  });

  const call = (method: string, path: string, body?: object, key = op.apiKey) =>
    fetch(`${op.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  const first = () => op.sims()[0]!.iccid;

  it('wants its key', async () => {
    expect((await call('GET', '/v1/sims', undefined, 'wrong')).status).toBe(401);
  });

  it('lists, reads and exports its cards', async () => {
    const all = (await (await call('GET', '/v1/sims')).json()) as { sims: unknown[] };
    expect(all.sims).toHaveLength(10);
    const some = (await (await call('GET', `/v1/sims?iccid=${first()},8935801999999999991`)).json()) as {
      sims: { iccid: string }[];
    };
    expect(some.sims.map((s) => s.iccid)).toEqual([first()]);
    expect((await call('GET', '/v1/sims/8935801999999999991')).status).toBe(404);
    const csv = await (await call('GET', '/v1/export.csv')).text();
    expect(csv.split('\n')[0]).toBe('ICCID;MSISDN;IMSI;State;StateChanged;Expires');
    expect(csv.trim().split('\n')).toHaveLength(11);
  });

  it('changes a state and an expiry, and a terminated card stays terminated', async () => {
    const iccid = op.sims()[1]!.iccid;
    const paused = await call('PUT', `/v1/sims/${iccid}/state`, { state: 'PAUSED' });
    expect(await paused.json()).toMatchObject({ iccid, state: 'PAUSED' });
    expect((await call('PUT', `/v1/sims/${iccid}/state`, { state: 'NAPPING' })).status).toBe(400);
    await call('PUT', `/v1/sims/${iccid}/state`, { state: 'TERMINATED' });
    expect((await call('PUT', `/v1/sims/${iccid}/state`, { state: 'ACTIVE' })).status).toBe(409);
    const exp = await call('PUT', `/v1/sims/${iccid}/expiry`, { expiresAt: '2030-01-01T00:00:00Z' });
    expect(await exp.json()).toMatchObject({ expiresAt: '2030-01-01T00:00:00.000Z' });
    expect((await call('PUT', `/v1/sims/${iccid}/expiry`, { expiresAt: 'soon' })).status).toBe(400);
  });

  it('fails on demand', async () => {
    op.setFaults(1);
    expect((await call('GET', '/v1/sims')).status).toBe(503);
    op.setFaults(1, 500);
    expect((await call('GET', `/v1/sims/${first()}`)).status).toBe(500);
    op.setFaults(0);
    expect((await call('GET', '/v1/sims')).status).toBe(200);
  });

  it('calls back with the shared secret when it changes a card by itself', async () => {
    const play = await call('POST', `/stand-in/sims/${first()}/state`, { state: 'PAUSED' });
    expect(await play.json()).toEqual({ status: 200 });
    expect(events.at(-1)).toEqual({
      secret: op.callbackSecret,
      body: { iccid: first(), state: 'PAUSED', changedAt: expect.any(String) as string },
    });
    expect(op.sims()[0]!.state).toBe('PAUSED');
    op.addSims([{ iccid: '8935801999999999991' }]);
    expect(op.sims()).toHaveLength(11);
  });
});

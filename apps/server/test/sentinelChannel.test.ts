import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sentinelWebhookBodySchema, type SentinelAlertPayload } from '@emberwatch/shared/contracts/sentinel';
import type { ChannelAdapter, OutgoingMessage } from '../src/features/delivery/channels/ChannelAdapter.js';
import { SentinelChannel } from '../src/features/sentinel/index.js';
import type { SentinelTargetRow } from '../src/features/sentinel/sentinel.repository.js';
import type { ResolvedAddress } from '../src/features/sentinel/ssrfGuard.js';
import { startSentinelReceiver, type ReceivedCall } from './support/sentinelReceiver.js';

const SECRET = '5e'.repeat(32);
const NOW = Math.floor(Date.now() / 1000);

const PAYLOAD: SentinelAlertPayload = {
  kind: 'raise',
  siteID: 'SITE-7',
  alertId: 42,
  storage: 'North barn stack 1',
  probe: 'H10101',
  depthM: 1.25,
  temperatureC: 61.4,
  limitC: 55,
  alertTime: '2025-10-24T06:30:00.000Z',
};

/** Decision 0046: the adapter the delivery feature's workers send Sentinel messages with. */
describe('the Sentinel channel against a local receiver', () => {
  let answer: (call: ReceivedCall) => number | 'hang' | 'redirect' | 'slow' = () => 204;
  let receiver: Awaited<ReturnType<typeof startSentinelReceiver>>;
  let targets: SentinelTargetRow[];

  beforeAll(async () => {
    receiver = await startSentinelReceiver({ secret: () => SECRET, answer: (c) => answer(c) });
  });
  afterAll(() => receiver.close());
  afterEach(() => {
    answer = () => 204;
    receiver.calls.length = 0;
  });

  const row = (url: string, siteId = 'SITE-7'): SentinelTargetRow => ({
    owner_user_id: 1,
    site_id: siteId,
    url,
    secret: SECRET,
    secret_created_ts: NOW,
    secret_shown: 1,
    created_ts: NOW,
    updated_ts: NOW,
  });

  /** The loopback receiver is reachable only with the operator's SENTINEL_ALLOW_PRIVATE semantics. */
  const channel = (
    opts: {
      allowPrivate?: boolean;
      timeoutMs?: number;
      resolve?: (h: string) => Promise<ResolvedAddress[]>;
    } = {},
  ) =>
    new SentinelChannel({
      targets: {
        findByTarget: (siteId, url) =>
          Promise.resolve(targets.find((t) => t.site_id === siteId && t.url === url)),
      },
      sender: {
        allowPrivate: opts.allowPrivate ?? true,
        nowS: () => NOW,
        timeoutMs: opts.timeoutMs,
        resolve: opts.resolve,
      },
    });

  const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
    id: 9001,
    channel: 'sentinel',
    to: receiver.url,
    subject: 'Alert',
    text: 'North barn stack 1: H10101 at 1.3 m is 61.4 °C (limit 55 °C).',
    language: 'en',
    payload: PAYLOAD,
    ...over,
  });

  beforeAll(() => {
    targets = [row(receiver.url)];
  });

  it('is a ChannelAdapter of the sentinel channel', () => {
    const adapter: ChannelAdapter = channel();
    expect(adapter.channel).toBe('sentinel');
  });

  it('POSTs the signed JSON body a receiver verifies, and answers ok on 2xx', async () => {
    expect(await channel().send(message())).toEqual({ ok: true });
    const [call] = receiver.calls;
    expect(call?.verified, call?.refusal).toBe(true);
    expect(call?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(call?.headers['x-emberwatch-timestamp']).toBe(String(NOW));
    expect(call?.headers['x-emberwatch-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    const body = sentinelWebhookBodySchema.parse(call?.body);
    expect(body).toEqual({
      version: 1,
      deliveryId: '9001',
      ...PAYLOAD,
      text: 'North barn stack 1: H10101 at 1.3 m is 61.4 °C (limit 55 °C).',
    });
    // The secret itself never travels.
    expect(call?.rawBody).not.toContain(SECRET);
    expect(JSON.stringify(call?.headers)).not.toContain(SECRET);
  });

  it('sends a retry of one message with the same deliveryId, so the receiver can drop the duplicate', async () => {
    await channel().send(message());
    await channel().send(message());
    expect(receiver.calls.map((c) => c.body.deliveryId)).toEqual(['9001', '9001']);
  });

  const outcomes: [string, number | 'hang' | 'redirect', { ok: false; permanent: boolean; error: string }][] =
    [
      [
        '400 is permanent',
        400,
        { ok: false, permanent: true, error: 'Sentinel answered HTTP 400 Bad Request' },
      ],
      [
        '401 is permanent',
        401,
        { ok: false, permanent: true, error: 'Sentinel answered HTTP 401 Unauthorized' },
      ],
      [
        '404 is permanent',
        404,
        { ok: false, permanent: true, error: 'Sentinel answered HTTP 404 Not Found' },
      ],
      [
        '429 asks to come back later',
        429,
        { ok: false, permanent: false, error: 'Sentinel answered HTTP 429 Too Many Requests' },
      ],
      [
        '500 is retried',
        500,
        { ok: false, permanent: false, error: 'Sentinel answered HTTP 500 Internal Server Error' },
      ],
      [
        '503 is retried',
        503,
        { ok: false, permanent: false, error: 'Sentinel answered HTTP 503 Service Unavailable' },
      ],
      [
        'a redirect is not followed, and permanent',
        'redirect',
        { ok: false, permanent: true, error: 'Sentinel answered HTTP 302 (redirects are not followed)' },
      ],
    ];
  it.each(outcomes)('%s', async (_, status, outcome) => {
    answer = () => status;
    expect(await channel().send(message())).toEqual(outcome);
    expect(receiver.calls).toHaveLength(1);
  });

  it('gives up after its timeout and lets the message be retried', async () => {
    answer = () => 'hang';
    const started = Date.now();
    expect(await channel({ timeoutMs: 300 }).send(message())).toEqual({
      ok: false,
      permanent: false,
      error: 'Sentinel did not answer within 0.3 s',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on an answer whose body never ends', async () => {
    const endless = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('still going');
    });
    await new Promise<void>((r) => endless.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/hook`;
    targets.push(row(url));
    try {
      expect(await channel({ timeoutMs: 300 }).send(message({ to: url }))).toEqual({
        ok: false,
        permanent: false,
        error: 'Sentinel did not answer within 0.3 s',
      });
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((r) => endless.close(() => r()));
    }
  });

  it('retries a target nobody listens on (network failure)', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise<void>((r) => closed.close(() => r()));
    targets.push(row(url));
    expect(await channel().send(message({ to: url }))).toEqual({
      ok: false,
      permanent: false,
      error: 'cannot reach Sentinel: ECONNREFUSED',
    });
  });

  it('refuses the loopback receiver without SENTINEL_ALLOW_PRIVATE, permanently, without calling it', async () => {
    expect(await channel({ allowPrivate: false }).send(message())).toEqual({
      ok: false,
      permanent: true,
      error: 'Sentinel target refused: 127.0.0.1 is a loopback address',
    });
    expect(receiver.calls).toHaveLength(0);
  });

  it('connects to the address it checked, whatever a second DNS answer would say (rebinding)', async () => {
    // A name only our stand-in resolver knows: answered once with the receiver's (allowed) address.
    // The connection can only have reached the receiver through the checked, pinned address.
    let asked = 0;
    const resolve = (): Promise<ResolvedAddress[]> => {
      asked += 1;
      return Promise.resolve(
        asked === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }],
      );
    };
    const url = `http://sentinel.rebind.test:${receiver.port}/hook`;
    targets.push(row(url));
    expect(await channel({ resolve }).send(message({ to: url }))).toEqual({ ok: true });
    expect(asked).toBe(1);
    expect(receiver.calls[0]?.headers.host).toBe(`sentinel.rebind.test:${receiver.port}`);
  });

  it('refuses a name that resolves to a private address, permanently', async () => {
    const url = `http://alarms.example.test:${receiver.port}/hook`;
    targets.push(row(url));
    const resolve = (): Promise<ResolvedAddress[]> =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ]);
    expect(await channel({ allowPrivate: false, resolve }).send(message({ to: url }))).toEqual({
      ok: false,
      permanent: true,
      error:
        'Sentinel target refused: alarms.example.test resolves to 169.254.169.254 is a link-local address',
    });
    expect(receiver.calls).toHaveLength(0);
  });

  it('does not send a message whose target was removed or changed, nor a malformed payload', async () => {
    expect(await channel().send(message({ payload: { ...PAYLOAD, siteID: 'OTHER' } }))).toEqual({
      ok: false,
      permanent: true,
      error: 'the account no longer has this Sentinel target',
    });
    const bad = await channel().send(message({ payload: { ...PAYLOAD, kind: 'panic' } }));
    expect(bad).toMatchObject({ ok: false, permanent: true });
    expect((bad as { error: string }).error).toMatch(/^invalid Sentinel payload/);
    expect(await channel().send(message({ payload: undefined }))).toMatchObject({
      ok: false,
      permanent: true,
    });
    expect(receiver.calls).toHaveLength(0);
  });
});

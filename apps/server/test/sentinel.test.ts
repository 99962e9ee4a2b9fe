import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SentinelCallResponse,
  SetSentinelAlertsResponse,
  TestSentinelCallResponse,
} from '@emberwatch/shared/contracts/sentinel';
import type { GetAlertRecipientsResponse } from '@emberwatch/shared/contracts/storages';
import { sentinelDb } from '../src/features/sentinel/index.js';
import { api } from './support/probeHelpers.js';
import { startSentinelReceiver, type ReceivedCall } from './support/sentinelReceiver.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'hay-helper', 'grain', 'compost', 'master', 'admin'] as const;

/**
 * The Sentinel calls (spec doc 1 §7 /sentinelCall, /testSentinelCall; doc 3 §3, §6, §9; decision
 * 0046), with the operator's SENTINEL_ALLOW_PRIVATE=1 so that a receiver on this machine is reachable.
 */
describe(`the Sentinel webhook calls on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const ids: Record<string, number> = {};
  /** What each site's receiver knows as its secret (the owner copies it there). */
  const secrets: Record<string, string> = {};
  let answer: (c: ReceivedCall) => number | 'hang' | 'redirect' | 'slow' = (c) => (c.verified ? 204 : 401);
  let receiver: Awaited<ReturnType<typeof startSentinelReceiver>>;
  /** Every answer body, to show no secret leaves but in the owner's reveal. */
  const answers: { who: string; url: string; body: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { SENTINEL_ALLOW_PRIVATE: '1' } });
    const tokens: Record<string, string> = {};
    for (const u of USERS) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    const raw = api(t, tokens);
    call = {
      get: async (who, url) => {
        const res = await raw.get(who, url);
        answers.push({ who, url, body: res.body });
        return res;
      },
      post: async (who, url, payload) => {
        const res = await raw.post(who, url, payload);
        answers.push({ who, url, body: res.body });
        return res;
      },
    };
    receiver = await startSentinelReceiver({
      secret: (body) => secrets[String(body.siteID)] ?? 'unknown',
      answer: (c) => answer(c),
    });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const read = (who: string, UID?: number) => call.post(who, '/sentinelCall', UID ? { UID } : {});
  const test = (who: string, UID?: number) => call.post(who, '/testSentinelCall', UID ? { UID } : {});
  const rotate = (who: string, UID?: number) =>
    call.post(who, '/client/rotateSentinelSecret', UID ? { UID } : {});
  const set = (who: string, body: object) => call.post(who, '/admin/setSentinelAlerts', body);
  const sentinelRight = async (who: string) =>
    (await call.get(who, '/client/getAlertRecipients')).json<GetAlertRecipientsResponse>().sentinel;
  const storedTarget = () =>
    sentinelDb(t.store.db)
      .selectFrom('sentinel_targets')
      .selectAll()
      .where('owner_user_id', '=', ids.hay!)
      .executeTakeFirst();

  it('starts without a target: nothing to read, no Sentinel switch, nothing to test', async () => {
    const res = await read('hay');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status_code: 0, sentinelAlerts: null });
    expect(await sentinelRight('hay')).toBe(false);
    const tested = await test('hay');
    expect(tested.statusCode).toBe(404);
    expect(tested.json()).toMatchObject({ error: 'This account has no Sentinel target.' });
  });

  it('lets only admins set a target, refusing bad input and changing nothing', async () => {
    const good = { siteID: 'HILL-1', url: receiver.url };
    const cases: [string, object, number][] = [
      ['hay', { UID: ids.hay, sentinelAlerts: good }, 403],
      ['hay-helper', { UID: ids.hay, sentinelAlerts: good }, 403],
      ['master', { UID: ids.hay, sentinelAlerts: good }, 403],
      ['grain', { UID: ids.hay, sentinelAlerts: good }, 403],
      ['admin', { sentinelAlerts: good }, 400],
      ['admin', { UID: ids.hay, sentinelAlerts: { siteID: '', url: receiver.url } }, 400],
      ['admin', { UID: ids.hay, sentinelAlerts: { siteID: 'A\u0007B', url: receiver.url } }, 400],
      ['admin', { UID: ids.hay, sentinelAlerts: { siteID: 'HILL-1', url: 'ftp://127.0.0.1/x' } }, 400],
      ['admin', { UID: ids.hay, sentinelAlerts: { siteID: 'HILL-1', url: 'https://u:p@example.com/' } }, 400],
      ['admin', { UID: ids.hay, sentinelAlerts: { siteID: 'HILL-1', url: 'no url' } }, 400],
      ['admin', { UID: ids.hay, sentinelAlerts: { ...good, secret: 'mine' } }, 400],
      ['admin', { UID: ids['hay-helper'], sentinelAlerts: good }, 400],
      ['admin', { UID: 999_999, sentinelAlerts: good }, 404],
    ];
    for (const [who, body, status] of cases) {
      const res = await set(who, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    expect(
      (await set('admin', { UID: ids.hay, sentinelAlerts: { siteID: 'X', url: 'gopher://a/' } })).json(),
    ).toMatchObject({
      error: 'The Sentinel URL is refused: gopher URLs are not allowed, only http and https.',
      path: 'sentinelAlerts.url',
    });
    expect(await storedTarget()).toBeUndefined();
  });

  it('sets the target with a new secret that the admin never sees and the owner sees once', async () => {
    const res = await set('admin', {
      UID: ids.hay,
      sentinelAlerts: { siteID: ' HILL-1 ', url: receiver.url },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SetSentinelAlertsResponse>()).toEqual({
      status_code: 0,
      sentinelAlerts: { siteID: 'HILL-1', url: receiver.url },
    });
    const stored = await storedTarget();
    expect(stored?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.secret_shown).toBe(0);

    // The Sentinel switch appears for the account (spec doc 3 §6), not for another.
    expect(await sentinelRight('hay')).toBe(true);
    expect(await sentinelRight('hay-helper')).toBe(true);
    expect(await sentinelRight('grain')).toBe(false);

    // An admin reads the target, without the secret; that does not use up the owner's one look.
    const byAdmin = await read('admin', ids.hay);
    expect(byAdmin.json()).toEqual({
      status_code: 0,
      sentinelAlerts: { siteID: 'HILL-1', url: receiver.url },
    });

    const first = await read('hay');
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json<SentinelCallResponse>();
    expect(body).toEqual({
      status_code: 0,
      sentinelAlerts: { siteID: 'HILL-1', url: receiver.url },
      secret: stored?.secret,
    });
    secrets['HILL-1'] = body.secret!;
    expect((await read('hay')).json()).toEqual({
      status_code: 0,
      sentinelAlerts: { siteID: 'HILL-1', url: receiver.url },
    });
  });

  it("keeps the target from the farm hand, a watching master and another account's owner", async () => {
    const cases: [
      string,
      (who: string, uid?: number) => ReturnType<typeof read>,
      number | undefined,
      number,
    ][] = [
      ['hay-helper', read, undefined, 403],
      ['hay-helper', read, ids.hay, 403],
      ['hay-helper', rotate, undefined, 403],
      ['hay-helper', rotate, ids.hay, 403],
      ['hay-helper', test, ids.grain, 403],
      ['master', read, ids.hay, 403],
      ['master', test, ids.hay, 403],
      ['master', rotate, ids.hay, 403],
      ['grain', read, ids.hay, 403],
      ['grain', test, ids.hay, 403],
      ['grain', rotate, ids.hay, 403],
    ];
    for (const [who, fn, uid, status] of cases) {
      const res = await fn(who, uid);
      expect(
        res.statusCode,
        `${who} ${fn === read ? 'read' : fn === test ? 'test' : 'rotate'}: ${res.body}`,
      ).toBe(status);
    }
    expect(receiver.calls).toHaveLength(0);
    expect((await storedTarget())?.secret).toBe(secrets['HILL-1']);
  });

  it('sends the signed test call with the text in 60 C and answers OK', async () => {
    const res = await test('hay');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TestSentinelCallResponse>()).toEqual({ status_code: 0, ok: true });
    const [received] = receiver.calls.splice(0);
    expect(received?.verified, received?.refusal).toBe(true);
    expect(received?.body).toEqual({
      version: 1,
      deliveryId: expect.stringMatching(/^test-[0-9a-f-]{36}$/) as string,
      kind: 'test',
      siteID: 'HILL-1',
      alertId: null,
      storage: null,
      probe: null,
      depthM: null,
      temperatureC: 60,
      limitC: null,
      alertTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/) as string,
      text: 'Emberwatch test alarm: temperature 60 C. This is only a test of the Sentinel connection.',
    });
  });

  it('lets the farm hand, an admin and an authorised grand master test too', async () => {
    expect((await test('hay-helper')).json()).toEqual({ status_code: 0, ok: true });
    expect((await test('hay-helper', ids.hay)).json()).toEqual({ status_code: 0, ok: true });
    expect((await test('admin', ids.hay)).json()).toEqual({ status_code: 0, ok: true });
    await t.store.db.updateTable('users').set({ grand_master: 1 }).where('id', '=', ids.master!).execute();
    try {
      expect((await test('master', ids.hay)).json()).toEqual({ status_code: 0, ok: true });
      // Seeing the target and its secret stays the owner's (and the admin's, without the secret).
      expect((await read('master', ids.hay)).statusCode).toBe(403);
      // A grand master tests only accounts that authorised it (the compost farm has not answered).
      expect((await test('master', ids.compost)).statusCode).toBe(403);
    } finally {
      await t.store.db.updateTable('users').set({ grand_master: 0 }).where('id', '=', ids.master!).execute();
    }
    expect(receiver.calls.splice(0).map((c) => [c.verified, c.body.siteID])).toEqual(
      Array(4).fill([true, 'HILL-1']),
    );
  });

  it('uses 140 F for an account that reads °F, and keeps a site per account at one receiver', async () => {
    expect(
      (
        await set('admin', { UID: ids.grain, sentinelAlerts: { siteID: 'HILL-1', url: receiver.url } })
      ).json(),
    ).toMatchObject({ error: 'Another account already has this Sentinel site at this URL.' });
    expect(
      (await set('admin', { UID: ids.grain, sentinelAlerts: { siteID: 'PRAIRIE', url: receiver.url } }))
        .statusCode,
    ).toBe(200);
    secrets.PRAIRIE = (await read('grain')).json<SentinelCallResponse>().secret!;
    expect(secrets.PRAIRIE).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.PRAIRIE).not.toBe(secrets['HILL-1']);
    expect((await test('grain')).json()).toEqual({ status_code: 0, ok: true });
    const [received] = receiver.calls.splice(0);
    expect(received?.verified).toBe(true);
    expect(received?.body.text).toBe(
      'Emberwatch test alarm: temperature 140 F. This is only a test of the Sentinel connection.',
    );
    expect(received?.body.temperatureC).toBe(60);
  });

  it("answers the receiver's refusal as an error, with its status", async () => {
    answer = () => 500;
    try {
      expect((await test('hay')).json()).toEqual({
        status_code: 0,
        ok: false,
        failure: 'http',
        httpStatus: 500,
        error: 'Sentinel answered HTTP 500 Internal Server Error',
      });
    } finally {
      answer = (c) => (c.verified ? 204 : 401);
    }
  });

  it('runs one test at a time per account', async () => {
    answer = () => 'slow';
    try {
      const [a, b] = await Promise.all([test('hay'), test('hay')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    } finally {
      answer = (c) => (c.verified ? 204 : 401);
    }
    receiver.calls.length = 0;
  });

  it('rotates the secret: the old one stops verifying; an admin rotation waits for the owner', async () => {
    const old = secrets['HILL-1'];
    const mine = await rotate('hay');
    expect(mine.headers['cache-control']).toBe('no-store');
    const fresh = mine.json<{ secret: string }>().secret;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(old);
    // The receiver still has the old secret: it refuses, and the owner sees why.
    expect((await test('hay')).json()).toMatchObject({ ok: false, failure: 'http', httpStatus: 401 });
    secrets['HILL-1'] = fresh;
    expect((await test('hay')).json()).toEqual({ status_code: 0, ok: true });
    // Shown in the rotation's answer: not again on read.
    expect((await read('hay')).json<SentinelCallResponse>().secret).toBeUndefined();

    const byAdmin = await rotate('admin', ids.hay);
    expect(byAdmin.json()).toEqual({ status_code: 0 });
    const next = (await read('hay')).json<SentinelCallResponse>().secret;
    expect(next).toMatch(/^[0-9a-f]{64}$/);
    expect(next).not.toBe(fresh);
    expect((await read('hay')).json<SentinelCallResponse>().secret).toBeUndefined();
    secrets['HILL-1'] = next!;
    expect((await rotate('grain', ids.hay)).statusCode).toBe(403);
    receiver.calls.length = 0;
  });

  it('keeps the secret when the admin moves the URL, and removes both when it clears the target', async () => {
    const before = (await storedTarget())?.secret;
    const moved = `http://127.0.0.1:${receiver.port}/other-hook`;
    expect(
      (await set('admin', { UID: ids.hay, sentinelAlerts: { siteID: 'HILL-1', url: moved } })).statusCode,
    ).toBe(200);
    expect((await storedTarget())?.secret).toBe(before);
    expect((await read('hay')).json()).toEqual({
      status_code: 0,
      sentinelAlerts: { siteID: 'HILL-1', url: moved },
    });

    const cleared = await set('admin', { UID: ids.hay, sentinelAlerts: null });
    expect(cleared.json()).toEqual({ status_code: 0, sentinelAlerts: null });
    expect(await storedTarget()).toBeUndefined();
    expect(await sentinelRight('hay')).toBe(false);
    expect((await test('hay')).statusCode).toBe(404);
    expect((await rotate('hay')).statusCode).toBe(404);
  });

  it('never put a secret in an answer but the owner’s own reveal or rotation', () => {
    const all = Object.values(secrets);
    for (const a of answers) {
      const leaked = all.filter((s) => a.body.includes(s));
      if (leaked.length === 0) continue;
      const ownerReveal =
        (a.who === 'hay' || a.who === 'grain') &&
        (a.url === '/sentinelCall' || a.url === '/client/rotateSentinelSecret');
      expect(ownerReveal, `${a.who} ${a.url}`).toBe(true);
    }
  });
});

/** Without the operator's SENTINEL_ALLOW_PRIVATE: this machine and its networks are out of reach. */
describe(`the Sentinel SSRF guard in the calls on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let hayId: number;
  let receiver: Awaited<ReturnType<typeof startSentinelReceiver>>;

  beforeAll(async () => {
    t = await createTestApp();
    call = api(t, {
      admin: await t.login('admin@demo.emberwatch'),
      hay: await t.login('hay@demo.emberwatch'),
    });
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    receiver = await startSentinelReceiver({ secret: () => 'x' });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('refuses loopback, private and link-local targets when they are set', async () => {
    const refused: [string, string][] = [
      [receiver.url, `The Sentinel URL is refused: 127.0.0.1 is a loopback address.`],
      ['http://localhost:8080/', 'The Sentinel URL is refused: localhost is a loopback address.'],
      ['http://10.0.0.5/hook', 'The Sentinel URL is refused: 10.0.0.5 is a private address.'],
      [
        'http://169.254.169.254/latest',
        'The Sentinel URL is refused: 169.254.169.254 is a link-local address.',
      ],
      ['http://[fd00::1]/', 'The Sentinel URL is refused: fd00::1 is a private address.'],
      ['http://100.64.1.1/', 'The Sentinel URL is refused: 100.64.1.1 is a carrier-grade NAT address.'],
    ];
    for (const [url, error] of refused) {
      const res = await call.post('admin', '/admin/setSentinelAlerts', {
        UID: hayId,
        sentinelAlerts: { siteID: 'S', url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error });
    }
  });

  it('refuses a stored target that has become unreachable, without calling it', async () => {
    // Set while the operator allowed private targets, then the setting was turned off.
    await sentinelDb(t.store.db)
      .insertInto('sentinel_targets')
      .values({
        owner_user_id: hayId,
        site_id: 'S',
        url: receiver.url,
        secret: 'f'.repeat(64),
        secret_created_ts: 1,
        secret_shown: 1,
        created_ts: 1,
        updated_ts: 1,
      })
      .execute();
    const res = await call.post('hay', '/testSentinelCall', {});
    expect(res.json()).toEqual({
      status_code: 0,
      ok: false,
      failure: 'refused',
      error: 'Sentinel target refused: 127.0.0.1 is a loopback address',
    });
    expect(receiver.calls).toHaveLength(0);
  });
});

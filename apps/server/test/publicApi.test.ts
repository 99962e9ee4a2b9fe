import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { API_KEY_RIGHTS } from '@emberwatch/shared/domain/publicApi/apiKeyRights';
import { PUBLIC_API_ERROR_CODES } from '@emberwatch/shared/domain/publicApi/publicApiErrors';
import { KEY_RATE_LIMIT } from '../src/features/public-api/index.js';
import { hourOf } from '../src/features/readings/index.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 33 items 1–3 (decisions 0109–0112): API keys made by an account owner, the key-authenticated
 * v1 and v2 calls, and who such a key is — a new kind of caller beside the rights tables'
 * (readRights.test.ts, writeRights.test.ts): a key reads its own account only, a read-only key makes
 * no v2 call, a revoked key and an account without a running API plan are refused with stable codes.
 */

const keyCalls = Object.entries(endpoints.publicApi)
  .filter(([, e]) => (e as Endpoint).auth === 'apiKey')
  .map(([name, e]) => ({ call: `publicApi.${name}`, e: e }));

/** Each key call, naming the hay farm's station and probe (F1000001, H10001). */
const SAMPLES: Record<string, { method: 'GET' | 'POST'; url: string; body?: object; names: boolean }> = {
  'publicApi.getSummary': { method: 'GET', url: '/api/v1/getSummary', names: false },
  'publicApi.getOverview': { method: 'GET', url: '/api/v1/getOverview?bs_id=F1000001', names: true },
  'publicApi.getMeasurements': {
    method: 'GET',
    url: '/api/v1/getMeasurements?bs_id=F1000001&sensor_id=H10001',
    names: true,
  },
  'publicApi.activateSystem': {
    method: 'POST',
    url: '/api/v2/activateSystem',
    body: { code: 'NOPE-0000' },
    names: false,
  },
  'publicApi.activateProbes': {
    method: 'POST',
    url: '/api/v2/activateProbes',
    body: { code: 'NOPE-0000' },
    names: false,
  },
  'publicApi.deactivateBS': {
    method: 'POST',
    url: '/api/v2/deactivateBS',
    body: { bs_id: 'F1000001' },
    names: true,
  },
  'publicApi.reactivateBS': {
    method: 'POST',
    url: '/api/v2/reactivateBS',
    body: { bs_id: 'F1000001' },
    names: true,
  },
};

describe('the key rights table', () => {
  it('has a row and a sample for every key call, and only for those', () => {
    const calls = keyCalls.map((c) => c.call).sort();
    expect(calls.length).toBe(7);
    expect(API_KEY_RIGHTS.map((r) => r.call).sort()).toEqual(calls);
    expect(Object.keys(SAMPLES).sort()).toEqual(calls);
  });
});

describe(`the public API, on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};
  const uid: Record<string, number> = {};
  const keyOf = async (who: string, scope: 'read' | 'activate' = 'read', name = 'Test') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/generateKey?name=${encodeURIComponent(name)}&scope=${scope}`,
      headers: bearer(tokens[who]!),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ key: { id: string }; secret: string }>();
  };
  const call = (
    key: string | undefined,
    s: { method: 'GET' | 'POST'; url: string; body?: object },
    headers = {},
  ) =>
    t.app.inject({
      method: s.method,
      url: s.url,
      headers: { ...(key ? { 'x-api-key': key } : {}), ...headers },
      ...(s.body ? { payload: s.body } : {}),
    });
  const plan = (who: string, due: number | null) =>
    t.store.db.updateTable('users').set({ api_plan_due_ts: due }).where('id', '=', uid[who]!).execute();

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    for (const u of ['hay', 'grain', 'hay-helper', 'master', 'admin']) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      uid[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    await plan('hay', clock + 90 * 86_400);
    await plan('grain', clock + 90 * 86_400);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a key once, keeps only its hash, and lists it with its last use', async () => {
    const made = await keyOf('hay', 'read', 'Dashboard');
    expect(made.secret).toMatch(/^ewk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const row = await t.store.db
      .selectFrom('api_keys' as never)
      .selectAll()
      .where('id' as never, '=', made.key.id as never)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(17));
    const used = await call(made.secret, SAMPLES['publicApi.getSummary']!, { 'x-forwarded-for': '1.2.3.4' });
    expect(used.statusCode, used.body).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/client/getApiKeys',
      headers: bearer(tokens.hay!),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret.slice(17));
    const listed = list.json<{
      keys: { id: string; name: string; last_used_ts: number | null }[];
      api_plan: { active: boolean };
    }>();
    expect(listed.api_plan.active).toBe(true);
    const mine = listed.keys.find((k) => k.id === made.key.id)!;
    expect(mine.name).toBe('Dashboard');
    expect(mine.last_used_ts).toBe(clock);
  });

  it('lets only the owner manage keys', async () => {
    for (const who of ['hay-helper', 'master', 'admin']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/generateKey',
        headers: bearer(tokens[who]!),
      });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
    }
    const grainKey = await keyOf('grain');
    // Another account's key is unknown to the owner: 404, unchanged.
    const res = await t.app.inject({
      method: 'POST',
      url: '/client/revokeApiKey',
      headers: bearer(tokens.hay!),
      payload: { id: grainKey.key.id },
    });
    expect(res.statusCode).toBe(404);
    expect((await call(grainKey.secret, SAMPLES['publicApi.getSummary']!)).statusCode).toBe(200);
  });

  it('refuses calls without a working key, each with its stable code', async () => {
    const s = SAMPLES['publicApi.getSummary']!;
    const codeOf = (res: Awaited<ReturnType<typeof call>>) => res.json<{ code: string }>().code;
    const none = await call(undefined, s);
    expect([none.statusCode, codeOf(none)]).toEqual([401, 'key_missing']);
    const bad = await call('ewk_aaaaaaaaaaaa_' + 'x'.repeat(43), s);
    expect([bad.statusCode, codeOf(bad)]).toEqual([401, 'key_invalid']);
    const user = await call(undefined, s, bearer(tokens.hay!));
    expect(user.statusCode).toBe(401);
    const station = await call(undefined, s, { authorization: `Station F1000001:${t.secretOf('F1000001')}` });
    expect(station.statusCode).toBe(401);

    const key = await keyOf('hay');
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/client/rotateApiKey',
      headers: bearer(tokens.hay!),
      payload: { id: key.key.id },
    });
    expect(rotated.statusCode).toBe(200);
    const old = await call(key.secret, s);
    expect([old.statusCode, codeOf(old)]).toEqual([401, 'key_invalid']);
    const fresh = rotated.json<{ secret: string }>().secret;
    expect((await call(fresh, s)).statusCode).toBe(200);

    await plan('hay', clock - 1);
    const expired = await call(fresh, s);
    expect([expired.statusCode, codeOf(expired)]).toEqual([402, 'api_plan_expired']);
    await plan('hay', null);
    const missing = await call(fresh, s);
    expect([missing.statusCode, codeOf(missing)]).toEqual([402, 'api_plan_missing']);
    await plan('hay', clock + 90 * 86_400);

    await t.app.inject({
      method: 'POST',
      url: '/client/revokeApiKey',
      headers: bearer(tokens.hay!),
      payload: { id: key.key.id },
    });
    const revoked = await call(fresh, s);
    expect([revoked.statusCode, codeOf(revoked)]).toEqual([401, 'key_revoked']);
  });

  it.each(API_KEY_RIGHTS.filter((r) => r.scope === 'activate').map((r) => r.call))(
    '%s refuses a read-only key (scope_required), changing nothing',
    async (name) => {
      const key = await keyOf('hay', 'read');
      const res = await call(key.secret, SAMPLES[name]!);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('scope_required');
      expect(
        await t.store.db
          .selectFrom('base_stations')
          .select('id')
          .where('id', '=', 'F1000001')
          .executeTakeFirst(),
      ).toBeDefined();
    },
  );

  it.each(Object.entries(SAMPLES).filter(([, s]) => s.names))(
    '%s with another account’s key naming this account’s station: refused, no data',
    async (_name, sample) => {
      const key = await keyOf('grain', 'activate');
      const res = await call(key.secret, sample);
      expect([403, 404], res.body).toContain(res.statusCode);
      expect(res.body).not.toContain('H10001');
      expect(PUBLIC_API_ERROR_CODES).toContain(res.json<{ code: string }>().code);
    },
  );

  it('answers the summary and overview with the account’s own data only', async () => {
    const grain = await keyOf('grain');
    const summary = await call(grain.secret, SAMPLES['publicApi.getSummary']!);
    expect(summary.statusCode).toBe(200);
    expect(summary.body).not.toContain('F1000001');
    const hay = await keyOf('hay');
    const overview = await call(hay.secret, { method: 'GET', url: '/api/v1/getOverview' });
    expect(overview.statusCode, overview.body).toBe(200);
    const probes = overview.json<{ probes: { bs_id: string; sensor_id: string }[] }>().probes;
    expect(probes.map((p) => p.sensor_id)).toContain('H10001');
  });

  it('pages a probe’s readings by cursor, in °C or °F, as JSON or CSV', async () => {
    // Ten hourly readings of the probe, three days ago.
    const start = clock - 3 * 86_400;
    await t.store.db
      .insertInto('readings')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          ...(TEST_ENGINE === 'sqlite' ? { hour: hourOf(start + i * 3600) } : {}),
          sensor_id: 'H10001',
          meas_ts: start + i * 3600,
          bs_id: 'F1000001',
          received_ts: start + i * 3600 + 5,
          temperature: 200 + i,
          temps: JSON.stringify([200 + i, 150]),
          sensor_rssi: -70,
          bs_rssi: null,
          batt: 90,
        })),
      )
      .execute();
    const hay = await keyOf('hay');
    const base = `/api/v1/getMeasurements?bs_id=F1000001&sensor_id=H10001&from=${clock - 30 * 86_400}&to=${clock}`;
    const all = (await call(hay.secret, { method: 'GET', url: `${base}&limit=10000` })).json<{
      readings: { ts: number; temperature: number }[];
      next_cursor: string | null;
    }>();
    expect(all.readings.length).toBeGreaterThan(3);
    expect(all.next_cursor).toBeNull();
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(hay.secret, {
        method: 'GET',
        url: `${base}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ readings: { ts: number }[]; next_cursor: string | null }>();
      expect(page.readings.length).toBeLessThanOrEqual(2);
      walked.push(...page.readings.map((r) => r.ts));
      cursor = page.next_cursor;
    } while (cursor !== null && walked.length < 100_000);
    expect(walked).toEqual(all.readings.map((r) => r.ts));

    const f = (await call(hay.secret, { method: 'GET', url: `${base}&limit=1&units=account` })).json<{
      unit: string;
      readings: { temperature: number }[];
    }>();
    expect(f.unit).toBe('C');
    const csv = await call(hay.secret, { method: 'GET', url: `${base}&limit=2&format=csv` });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toMatch(/^ts,time,temperature_C,t1_C/);
    expect(csv.headers['x-next-cursor']).toBeTruthy();

    const wrong = await call(hay.secret, { method: 'GET', url: `${base}&cursor=bm9wZQ` });
    expect([wrong.statusCode, wrong.json<{ code: string }>().code]).toEqual([400, 'invalid_input']);
  });

  it('limits each key’s calls with 429 and Retry-After', async () => {
    const key = await keyOf('hay');
    const s = SAMPLES['publicApi.getSummary']!;
    for (let i = 0; i < KEY_RATE_LIMIT.burst; i++) expect((await call(key.secret, s)).statusCode).toBe(200);
    const limited = await call(key.secret, s);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another key of the account has its own limit.
    expect((await call((await keyOf('hay')).secret, s)).statusCode).toBe(200);
    clock += 2;
    expect((await call(key.secret, s)).statusCode).toBe(200);
  });

  it('v2 uses the activation rules and words, and brings back a station it released', async () => {
    const key = await keyOf('hay', 'activate');
    const wrong = await call(key.secret, SAMPLES['publicApi.activateSystem']!);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<{ code: string; error: string }>()).toMatchObject({
      code: 'code_not_matching',
      error: 'The provided code is not correct. Please verify the code.',
    });
  });

  it('serves its own OpenAPI document with only the key calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown>; components: { securitySchemes: object } }>();
    expect(Object.keys(doc.paths).sort()).toEqual(keyCalls.map((c) => c.e.path).sort());
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
  });
});

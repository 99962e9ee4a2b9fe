import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { allEndpoints } from '@emberwatch/shared/contracts/endpoints';
import { DEMO_AERATION_RC } from '../src/features/demo/demoFans.js';
import { fuzzPlan, POLLUTION_MARK, type FuzzPlan, type FuzzRequest } from './support/schemaFuzzCases.js';
import { NONE } from './support/schemaSample.js';
import {
  storeFingerprint,
  storeTables,
  type StoreTable,
  type TablePrint,
} from './support/storeFingerprint.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 29: every call of the catalogue with a query or body schema is sent inputs its schema
 * refuses, derived from the schema (support/schemaFuzzCases.ts): wrong types, missing fields, huge
 * strings and arrays, values 5,000 deep, prototype keys, bodies that are no object or no JSON, and
 * query strings with wrong values, repeated keys and huge values. Each must be answered with a 4xx in
 * the error envelope, nothing may change in the store (every table's rows, hashed, before and after
 * each call's batch), and no prototype may be polluted.
 */

/** What the server answers a refused input with: the schema's or parser's 400, the size limit's 413, a media type's 415. */
const REFUSALS = [400, 413, 415];

const fuzzed = allEndpoints().filter((e) => e.query !== undefined || e.body !== undefined);
const plans = new Map<Endpoint, FuzzPlan>();
/** Derived once per endpoint (the sampler and the checks run zod some thousand times). */
function planOf(endpoint: Endpoint): FuzzPlan {
  let plan = plans.get(endpoint);
  if (!plan) plans.set(endpoint, (plan = fuzzPlan(endpoint)));
  return plan;
}

// Generous limits for a loaded machine (the demo store's seed on PostgreSQL, a call's batch); a hang still fails.
describe(`every call refuses the inputs its schema refuses, on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let tables: StoreTable[];
  const apiKeys = new Map<string, string>();
  const KEYS_PER_CALL = 6;
  let print: Record<string, TablePrint>;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);

  beforeAll(async () => {
    // The fans and monitors too: more tables with rows a stray write would show in.
    t = await createTestApp({ demoFans: true, demoMonitors: true });
    for (const u of ['admin', 'hay']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    // The public API's calls (decision 0110): keys of the hay farm with a running API plan, a few per
    // call so that no key runs out of its rate limit here; made before the fingerprint.
    await t.store.db
      .updateTable('users')
      .set({ api_plan_due_ts: Math.floor(Date.now() / 1000) + 365 * 86_400 })
      .where('username', '=', 'hay@demo.emberwatch')
      .execute();
    for (const e of fuzzed.filter((f) => f.auth === 'apiKey'))
      for (let i = 0; i < KEYS_PER_CALL; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/generateKey?scope=activate',
          headers: bearer(tokens.hay!),
        });
        apiKeys.set(`${e.path}#${i}`, res.json<{ secret: string }>().secret);
      }
    tables = await storeTables(t.store);
    print = await storeFingerprint(t.store, tables);
  }, 120_000);
  afterAll(async () => {
    // Were it polluted, the files after this one in the worker (decision 0063) must not inherit it.
    delete (Object.prototype as Record<string, unknown>)[POLLUTION_MARK];
    await t.close();
  });

  /**
   * Who sends the endpoint's requests: a user call as the admin and as an owner (taking turns: the
   * schema is checked before the caller's rights, so each would take the same path), a station call
   * with its own credential, a public or session call as it is.
   */
  function callers(endpoint: Endpoint): { who: string; headers: Record<string, string> }[] {
    switch (endpoint.auth) {
      case 'user':
        return [
          { who: 'admin', headers: bearer(tokens.admin!) },
          { who: 'owner', headers: bearer(tokens.hay!) },
        ];
      case 'station':
        // The packets and the firmware update's fetch and report (decision 0093).
        if (endpoint.path.startsWith('/ingest/v1/'))
          return [
            { who: 'station', headers: { authorization: `Station F1000001:${t.secretOf('F1000001')}` } },
          ];
        if (endpoint.path === '/fc/poll2')
          return [
            {
              who: 'controller',
              headers: {
                authorization: `Controller ${DEMO_AERATION_RC}:${t.controllerSecretOf(DEMO_AERATION_RC)}`,
              },
            },
          ];
        throw new Error(`no credential for the station call ${endpoint.path}: add it here`);
      case 'apiKey':
        return Array.from({ length: KEYS_PER_CALL }, (_, i) => ({
          who: `key ${i}`,
          headers: { 'x-api-key': apiKeys.get(`${endpoint.path}#${i}`)! },
        }));
      case 'session':
      case 'public':
        return [{ who: endpoint.auth, headers: {} }];
    }
  }

  function send(endpoint: Endpoint, headers: Record<string, string>, req: FuzzRequest) {
    const body = req.payload !== undefined;
    return t.app.inject({
      method: endpoint.method,
      url: req.query === undefined ? endpoint.path : `${endpoint.path}?${req.query}`,
      headers: body ? { ...headers, 'content-type': req.contentType ?? 'application/json' } : headers,
      ...(body ? { payload: req.payload } : {}),
    });
  }

  it('finds an input each schema accepts, so that each case breaks it one way', () => {
    const unsampled = fuzzed.filter((e) => planOf(e).base === NONE).map((e) => `${e.method} ${e.path}`);
    // A new kind of field the sampler cannot fill: teach support/schemaSample.ts its candidates.
    expect(unsampled).toEqual([]);
  });

  it.each(fuzzed.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: refused with a 4xx, nothing stored',
    async (_name, endpoint) => {
      const { requests } = planOf(endpoint);
      expect(requests).not.toHaveLength(0);
      const wrong: string[] = [];
      const who = callers(endpoint);
      for (const [i, req] of requests.entries()) {
        const caller = who[i % who.length]!;
        const res = await send(endpoint, caller.headers, req);
        let envelope: unknown;
        try {
          envelope = res.json();
        } catch {
          envelope = undefined;
        }
        const { status_code: code, error } = (envelope ?? {}) as { status_code?: unknown; error?: unknown };
        if (
          !REFUSALS.includes(res.statusCode) ||
          code !== res.statusCode ||
          typeof error !== 'string' ||
          (req.names && !req.names.test(error))
        )
          wrong.push(`${caller.who}, ${req.label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect.soft(wrong).toEqual([]);
      const after = await storeFingerprint(t.store, tables);
      const before = print;
      // The next endpoint compares with what is there now, so one stray write fails one endpoint only.
      print = after;
      expect(after).toEqual(before);
    },
  );

  it('leaves Object.prototype unpolluted', () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>)[POLLUTION_MARK]).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty(POLLUTION_MARK);
  });
});

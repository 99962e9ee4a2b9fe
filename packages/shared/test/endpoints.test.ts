import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { BodyOf, QueryOf, ResponseOf } from '../src/contracts/endpoint.js';
import { allEndpoints, endpoints } from '../src/contracts/endpoints.js';
import type { SessionInfo } from '../src/contracts/session.js';

describe('the endpoint catalogue', () => {
  const all = allEndpoints();

  it('names every call once', () => {
    const keys = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(Object.values(endpoints).reduce((n, g) => n + Object.keys(g).length, 0));
  });

  it.each(all.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: input where the method carries it, and a success answer with status_code 0',
    (_name, e) => {
      expect(e.path).toMatch(/^\/[A-Za-z0-9/]+$/);
      if (e.method === 'GET') expect(e.body).toBeUndefined();
      else expect(e.query).toBeUndefined();
      expect(e.response).toBeInstanceOf(z.ZodObject);
      const status = (e.response as z.ZodObject<{ status_code: z.ZodType }>).shape.status_code;
      // 0, or the spec's answers of a call that reports its outcome as a status (activation: 0 / 2 /
      // 3 / 22; the survey and migration: 0 / 1) — literals, 0 among them.
      const literals = status instanceof z.ZodUnion ? (status.options as z.ZodType[]) : [status];
      for (const l of literals) expect(l).toBeInstanceOf(z.ZodLiteral);
      const values = literals.flatMap((l) => [...(l as z.ZodLiteral).values]);
      expect(values).toContain(0);
      if (literals.length === 1) expect(values).toEqual([0]);
      expect(e.summary.length).toBeGreaterThan(10);
    },
  );

  it('keeps every field a response carries (nothing the web app reads is stripped)', () => {
    // A station configuration with every optional field present comes back whole.
    const conf = endpoints.baseStations.bsConf.response.parse({
      status_code: 0,
      bs_id: 'F1',
      bs_BS_ID: 'F1',
      bsGroup: null,
      display_name: 'Barn',
      timezone: 'Europe/Helsinki',
      bs_type: 2,
      bast_ver: '3',
      firmware_ver: '3.1',
      typeLabel: 'V2 Standard',
      activation_date: 1_700_000_000,
      last_boot_ts: null,
      last_conf_ts: null,
      last_data_ts: 1_700_000_100,
      sim_exp_date: 1_800_000_000,
      tempIntervalDegrees: 5,
      userBSIntervals: true,
      alarm_treshold_1: 450,
      alarm_treshold_2: null,
      sensor_configurations: [
        {
          sensor_id_sys: 'H1',
          sensor_id_bs: 'H1',
          sensor_name: null,
          realBs: 'F1',
          disabled: false,
          depths: 3,
          kind: 'hay',
          storage_location: 'North',
          column: 2,
          corrections: [{ date: 1_700_000_000, factor: 0.5, user: 'farmer' }],
          measurement_interval: 900,
          receiving_time: null,
        },
      ],
      disabled_sensors: [],
      conf_data: { bsGroup: null, sensor_groups: { North: ['H1'] }, timezone: 'Europe/Helsinki' },
    });
    expect(conf.sensor_configurations[0]).toMatchObject({ corrections: [{ factor: 0.5 }], column: 2 });
    expect(Object.keys(conf.sensor_configurations[0] ?? {})).toHaveLength(12);
  });

  it('refuses an answer that breaks its contract', () => {
    const chart = endpoints.probes.sensorData.response;
    const base = { status_code: 0, sensor_id: 'H1', startTS: 0, endTS: 60, depths: 1, points: [] };
    expect(chart.safeParse({ ...base, mode: 'raw' }).success).toBe(true);
    expect(chart.safeParse({ ...base, mode: 'weekly' }).success).toBe(false);
    expect(chart.safeParse({ ...base, mode: 'raw', status_code: 1 }).success).toBe(false);
  });

  it('types a client call from the contract: what it sends and what it gets back', () => {
    type ChartQuery = QueryOf<typeof endpoints.probes.sensorData>;
    // Coerced numbers may be sent as numbers or strings; fields with a default may be left out.
    expectTypeOf<{ BS_ID: string; sensorID: string; startTS: number }>().toExtend<ChartQuery>();
    expectTypeOf<{ sensorID: string; startTS: number }>().not.toExtend<ChartQuery>();
    expectTypeOf<{ prefs: { degrees: 'F' } }>().toExtend<BodyOf<typeof endpoints.users.uiPrefs>>();
    expectTypeOf<QueryOf<typeof endpoints.sessions.getSessionInfo>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseOf<typeof endpoints.sessions.getSessionInfo>>().toEqualTypeOf<SessionInfo>();
    expectTypeOf<ResponseOf<typeof endpoints.sessions.auth>>().toEqualTypeOf<{
      status_code: 0;
      UID: number;
    }>();
  });
});

import { describe, expect, it } from 'vitest';
import type { PollRequest, PollResponse } from '@emberwatch/shared/contracts/fans';
import { aeratedProbes, fanControllers } from '../src/fanControllers.js';
import { parseStationsConfig, type StationConfig } from '../src/loadStationsConfig.js';
import { outdoorHumidity, outdoorTemperatureC } from '../src/outdoorAir.js';
import { StationSimulator } from '../src/StationSimulator.js';
import { toTenths } from '../src/toTenths.js';

const DAY = 86_400;
const NIGHT = Date.UTC(2026, 10, 26, 3) / 1000; // 03:00 UTC in November: the coldest hour
const AFTERNOON = Date.UTC(2026, 4, 21, 15) / 1000; // 15:00 UTC on 21 May: warm air, grain still cool

const bin: StationConfig = {
  bs_id: 'F2000001',
  secret: 'x',
  material: 'grain',
  probes: [
    { sensor_id: 'G20001', depths: 4 },
    { sensor_id: 'G20099', depths: 1, outdoor: true },
  ],
};

/** Readings of the bin probe every minute for `minutes`, with the fan as `fan` says. */
function play(fanOn: () => boolean, from: number, minutes: number) {
  const sim = new StationSimulator(bin, 1, undefined, new Map([['G20001', fanOn]]));
  const pure = new StationSimulator(bin, 1);
  const out: { aerated: number[]; own: number[]; outdoor: number }[] = [];
  for (let i = 0; i <= minutes; i++) {
    const ts = from + i * 60;
    const [probe, outdoor] = sim.readingsAt(ts);
    out.push({
      aerated: probe!.temperatures,
      own: pure.readingsAt(ts)[0]!.temperatures,
      outdoor: outdoor!.temperatures[0]!,
    });
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('the simulated goods and their fans, in a closed loop', () => {
  it('reads the outdoor model on the outdoor probe', () => {
    const [, outdoor] = new StationSimulator(bin, 1).readingsAt(NIGHT);
    expect(outdoor!.temperatures).toEqual([toTenths(outdoorTemperatureC(1, NIGHT))]);
  });

  it('leaves the readings on the probe’s own curve while the fan is off', () => {
    for (const r of play(() => false, NIGHT, 120)) expect(r.aerated).toEqual(r.own);
  });

  it('cools the bin while the fan blows colder air, the bottom first, and lets it recover after', () => {
    let on = true;
    const sim = new StationSimulator(bin, 1, undefined, new Map([['G20001', () => on]]));
    const pure = new StationSimulator(bin, 1);
    const gap = (ts: number) => {
      const a = sim.readingsAt(ts)[0]!.temperatures;
      const o = pure.readingsAt(ts)[0]!.temperatures;
      return o.map((t, i) => (t - a[i]!) / 10);
    };
    // The November bin is warmer than the night air: six hours of fan.
    const own = pure.readingsAt(NIGHT)[0]!.temperatures;
    expect(Math.max(...own) / 10).toBeGreaterThan(outdoorTemperatureC(1, NIGHT) + 3);
    for (let ts = NIGHT; ts < NIGHT + 6 * 3600; ts += 60) gap(ts);
    const cooled = gap(NIGHT + 6 * 3600);
    expect(cooled.every((c) => c > 0.3)).toBe(true);
    expect(cooled[3]!).toBeGreaterThan(cooled[0]!); // the tip, at the inlet, leads the handle
    // Fan off for four days: the cooling fades to about 1/e.
    on = false;
    for (let ts = NIGHT + 6 * 3600 + 1200; ts < NIGHT + 6 * 3600 + 4 * DAY; ts += 1200) gap(ts);
    const later = gap(NIGHT + 6 * 3600 + 4 * DAY);
    later.forEach((c, i) => {
      expect(c).toBeLessThan(cooled[i]! * 0.5);
      expect(c).toBeGreaterThan(cooled[i]! * 0.2);
    });
  });

  it('does nothing useful with warmer air: a May afternoon’s fan warms the bin', () => {
    const run = play(() => true, AFTERNOON, 180);
    const last = run.at(-1)!;
    expect(last.outdoor).toBeGreaterThan(Math.max(...last.own));
    expect(mean(last.aerated)).toBeGreaterThan(mean(last.own));
  });
});

describe('the stations file’s fan controllers', () => {
  const file = {
    url: 'http://127.0.0.1:8080',
    stations: [{ ...bin }],
    fan_controllers: [
      {
        fc_id: 'RC12-PRAIRIE-A',
        secret: 's'.repeat(43),
        channels: 2,
        aerates: [
          { channel: 1, sensor_ids: ['G20001'] },
          { channel: 2, sensor_ids: ['G20003', 'G20004'] },
        ],
      },
    ],
  };

  it('parses them, and refuses a channel the controller does not have', () => {
    expect(parseStationsConfig(file).fanControllers).toEqual(file.fan_controllers);
    expect(parseStationsConfig({ ...file, fan_controllers: undefined }).fanControllers).toEqual([]);
    const bad = structuredClone(file);
    bad.fan_controllers[0]!.aerates[1]!.channel = 3;
    expect(() => parseStationsConfig(bad)).toThrow(/aerates\[1\]\.channel/);
  });

  it('poll with the outdoor air at their inlet, and each aerated probe asks its own channel', async () => {
    const nowMs = NIGHT * 1000;
    const seen: PollRequest[] = [];
    const fetchFn = ((_url: URL, init: RequestInit) => {
      seen.push(JSON.parse(init.body as string) as PollRequest);
      const body: PollResponse = {
        status_code: 0,
        server_ts: NIGHT,
        poll_s: 30,
        offline_after_s: 120,
        channels: [1, 2].map((channel) => ({
          channel,
          command: channel === 2 ? 1 : 0,
          rev: 1,
          manual: false,
          offline_rule: { cycle: 60, ontime: 0 },
          next_change: null,
        })),
      };
      return Promise.resolve(new Response(JSON.stringify(body)));
    }) as unknown as typeof fetch;
    const configs = parseStationsConfig(file).fanControllers;
    const [fc] = fanControllers(configs, {
      url: file.url,
      seed: 1,
      fetch: fetchFn,
      nowMs: () => nowMs,
      pollEveryS: 2,
    });
    expect(fc!.pollS).toBe(2);
    expect(await fc!.pollOnce()).toBe('ok');
    expect(fc!.pollS).toBe(2); // the server's 30 s does not override the test's 2 s
    expect(seen[0]!.climate).toEqual({
      temperature: toTenths(outdoorTemperatureC(1, NIGHT)),
      rh: outdoorHumidity(1, NIGHT),
    });
    const fans = aeratedProbes(configs, [fc!]);
    expect([...fans.keys()]).toEqual(['G20001', 'G20003', 'G20004']);
    expect(fans.get('G20001')!()).toBe(false);
    expect(fans.get('G20004')!()).toBe(true);

    const [fixed] = fanControllers(configs, {
      url: file.url,
      seed: 1,
      fetch: fetchFn,
      nowMs: () => nowMs,
      rh: 45,
    });
    await fixed!.pollOnce();
    expect(seen[1]!.climate?.rh).toBe(45);
  });
});

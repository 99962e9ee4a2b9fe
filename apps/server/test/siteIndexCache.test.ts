import { describe, expect, it } from 'vitest';
import { StationProbesCache } from '../src/features/site-index/stationProbes.cache.js';
import type { ProbeLatestRow } from '../src/features/site-index/siteIndex.repository.js';

const row = (sensor_id: string, bs_id: string, temps: number[] | null, meas_ts = 1000): ProbeLatestRow => ({
  sensor_id,
  bs_id,
  sensor_name: null,
  corrections: null,
  meas_ts: temps ? meas_ts : null,
  temps: temps ? JSON.stringify(temps) : null,
});

/** The site index's per-station cache (decision 0105): kept until newData names the station. */
describe('StationProbesCache', () => {
  it('reads only the stations it does not hold, and again those an event named', async () => {
    const asked: string[][] = [];
    const rows = [row('A', 'S1', [200, 450]), row('B', 'S1', [300]), row('C', 'S2', null)];
    const cache = new StationProbesCache((ids) => {
      asked.push([...ids]);
      return Promise.resolve(rows.filter((r) => ids.includes(r.bs_id)));
    });
    const first = await cache.probesOf(['S1', 'S2', 'S3']);
    expect(first.get('S1')).toMatchObject({ count: 2, lastDataTs: 1000 });
    expect(first.get('S1')!.hottestFirst.map((p) => [p.sensorId, p.hottest])).toEqual([
      ['A', 450],
      ['B', 300],
    ]);
    expect(first.get('S2')).toMatchObject({ count: 1, lastDataTs: null, hottestFirst: [] });
    expect(first.get('S3')).toMatchObject({ count: 0 });
    await cache.probesOf(['S1', 'S2', 'S3']);
    expect(asked).toEqual([['S1', 'S2', 'S3']]);

    rows.push(row('D', 'S2', [500], 2000));
    cache.forgetStations(['S2']);
    expect((await cache.probesOf(['S1', 'S2'])).get('S2')).toMatchObject({ count: 2, lastDataTs: 2000 });
    expect(asked).toEqual([['S1', 'S2', 'S3'], ['S2']]);
  });

  it('does not keep what it read while an event named the station', async () => {
    let calls = 0;
    const cache: StationProbesCache = new StationProbesCache(() => {
      calls += 1;
      // New readings arrive while the first read is under way: what it read may be older.
      if (calls === 1) cache.forgetStations(['S1']);
      return Promise.resolve([row('A', 'S1', [200])]);
    });
    await cache.probesOf(['S1']);
    await cache.probesOf(['S1']);
    expect(calls).toBe(2);
    await cache.probesOf(['S1']);
    expect(calls).toBe(2);
  });
});

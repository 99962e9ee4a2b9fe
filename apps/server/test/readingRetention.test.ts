import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '@emberwatch/shared/domain/readingRetention';
import type { HistoryReading, ReadingHistory, ReadingPacker } from '../src/features/readings/index.js';
import { ReadingRetention } from '../src/features/readings/readingRetention.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { ingest, type TestReading } from './support/probeHelpers.js';

const DAY = 86_400;
const realNow = Math.floor(Date.now() / 1000);
/** Every 12 hours for 200 days. */
function readings(sensor: string): TestReading[] {
  return Array.from({ length: 400 }, (_, i) => ({
    sensor_id: sensor,
    meas_ts: realNow - 12 * 3600 * i - 300,
    temperatures: [200 + (i % 9), 210],
  }));
}
const quiet = { info: () => undefined };

describe(`readings past their retention on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clock = realNow;
  let history: ReadingHistory;
  let limitedProbe: string;
  const fullProbe = 'H10001';
  let before: HistoryReading[];
  /** Rows deleted per batch here: small, so that a run of a few batches stops midway. */
  const BATCH = 50;
  const retention = (horizons = { fullMonths: 14, limitedMonths: 2 }) =>
    new ReadingRetention(t.store.db, () => clock, horizons, null, quiet, BATCH);

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    const readingsFeature = t.features.find((f) => f.name === 'readings') as unknown as {
      exports: { history: ReadingHistory; packer: ReadingPacker };
    };
    history = readingsFeature.exports.history;
    // The grain account is on the limited data tier.
    await t.store.db
      .updateTable('users')
      .set({ limit_free_data: 1 })
      .where('username', '=', 'grain@demo.emberwatch')
      .execute();
    const probe = await t.store.db
      .selectFrom('probes')
      .select('sensor_id')
      .where('bs_id', '=', 'F2000001')
      .orderBy('sensor_id')
      .executeTakeFirstOrThrow();
    limitedProbe = probe.sensor_id;
    await ingest(t, 'F1000001', readings(fullProbe));
    await ingest(t, 'F2000001', readings(limitedProbe));
    // Most days packed, the last three raw, and a late raw reading in a packed old day of each.
    await readingsFeature.exports.packer.run();
    await ingest(t, 'F1000001', [
      { sensor_id: fullProbe, meas_ts: realNow - 150 * DAY + 1, temperatures: [1, 2] },
    ]);
    await ingest(t, 'F2000001', [
      { sensor_id: limitedProbe, meas_ts: realNow - 150 * DAY + 1, temperatures: [1, 2] },
    ]);
    before = await history.range([fullProbe, limitedProbe], 0, realNow + DAY);
    expect(before).toHaveLength(802);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deletes the limited tier’s readings before its horizon in batches, resuming where it stopped', async () => {
    const keptFrom = addMonths(realNow, -2);
    const gone = before.filter((r) => r.sensor_id === limitedProbe && r.meas_ts < keptFrom);
    expect(gone.length).toBeGreaterThan(BATCH * 2);
    // A run of at most 70 rows (packed days or raw readings): a batch and part of one, then it stops.
    const first = await retention().run(70);
    expect(first.deletedRows).toBe(70);
    const midway = await history.range([fullProbe, limitedProbe], 0, realNow + DAY);
    expect(midway.length).toBeLessThan(before.length);
    expect(midway.length).toBeGreaterThan(before.length - gone.length);

    await retention().run();
    const after = await history.range([fullProbe, limitedProbe], 0, realNow + DAY);
    expect(after).toEqual(before.filter((r) => r.sensor_id !== limitedProbe || r.meas_ts >= keptFrom));
    expect(await retention().run()).toEqual({ droppedPartitions: [], deletedRows: 0 });
  });

  it('registers the retention job on both stores, the partitions job on PostgreSQL only', () => {
    const names = t.jobs.map((j) => j.name);
    expect(names).toContain('readings.retention');
    expect(names.includes('readings.partitions')).toBe(TEST_ENGINE === 'postgres');
  });

  it('deletes every account’s readings past the full history, row by row where no partition is dropped', async () => {
    clock = addMonths(realNow, 9) + DAY;
    try {
      const keptFrom = addMonths(clock, -14);
      const limitedFrom = addMonths(clock, -2);
      const result = await retention().run();
      expect(result.deletedRows).toBeGreaterThan(0);
      const after = await history.range([fullProbe, limitedProbe], 0, realNow + DAY);
      expect(after).toEqual(
        before.filter((r) => r.meas_ts >= (r.sensor_id === limitedProbe ? limitedFrom : keptFrom)),
      );
    } finally {
      clock = realNow;
    }
  });
});

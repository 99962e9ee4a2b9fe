import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/db/createDatabase.js';
import { SqliteIngestWriter } from '../src/features/ingest/sqliteIngestWriter.js';
import { packDay } from '../src/features/readings/packedDay.js';
import {
  DAY,
  freshCount,
  rollupReading,
  rollupsOf,
  type ExpectedDaily as Expected,
} from './support/rollupsOf.js';
import { TEST_ENGINE } from './support/testApp.js';

const DAY0 = 20_000 * DAY; // a UTC midnight
const ORIGIN = [{ bsId: 'BS1', receivedTs: DAY0 + 5 * DAY }];
const reading = rollupReading;

/**
 * SQLite's deferred roll-ups (decision 0062): under load a commit leaves probe_latest and probe_daily
 * to a later one and lists what it owes in the same transaction; a writer that starts without memory
 * (a server killed in between) or after a failed transaction rebuilds exactly that from the readings.
 */
describe.runIf(TEST_ENGINE === 'sqlite')('deferred roll-ups on SQLite', () => {
  let store: Store;
  let clockMs = 1_000_000;
  const options = { immediateBelow: 0, rollupIntervalMs: 60_000, nowMs: () => clockMs };

  beforeEach(async () => {
    store = openStore({ sqlitePath: ':memory:' });
    await migrateToLatest(store);
  });
  afterEach(async () => {
    await store.close();
  });

  /** One commit through the writer, as the ingest service runs it. */
  async function commit(writer: SqliteIngestWriter, readings: IngestReading[], force = false) {
    let settled: ReturnType<SqliteIngestWriter['settleRollups']> | undefined;
    const written = await store.db.transaction().execute(async (trx) => {
      const w = await writer.writeReadings(
        trx,
        ORIGIN,
        readings,
        readings.map(() => 0),
      );
      settled = writer.settleRollups(trx, { force, fresh: freshCount(w) });
      return w;
    });
    written.publish();
    settled?.publish();
    return { fresh: [...written.fresh], complete: settled?.complete };
  }

  const sqlite = () => store.sqlite as NonNullable<Store['sqlite']>;
  const dailyRows = () =>
    new Map(
      (
        sqlite()
          .prepare(
            'select sensor_id, day, n, max_temp, min_temp, max_temps, min_temps, min_batt, max_batt from probe_daily',
          )
          .all() as (Expected & { sensor_id: string; day: number })[]
      ).map(({ sensor_id, day, ...rest }) => [`${sensor_id} ${day}`, rest]),
    );
  const latest = (sensorId: string) =>
    sqlite().prepare('select meas_ts, temps, batt from probe_latest where sensor_id = ?').get(sensorId) as
      { meas_ts: number; temps: string; batt: number } | undefined;
  /** The probe-days the store lists as owed (each listed once until the roll-ups are written). */
  const owed = () =>
    (sqlite().prepare('select probe_days from ingest_rollups_owed').pluck().all() as string[])
      .flatMap((text) => text.split('\n'))
      .sort();
  const probeDaysOf = (readings: IngestReading[]) =>
    [...new Set(readings.map((r) => `${r.sensor_id} ${Math.floor(r.meas_ts / DAY) * DAY}`))].sort();

  // Two days of 20 probes, every 10 minutes, committed a station round at a time.
  const rounds = Array.from({ length: 2 * 144 }, (_, i) =>
    Array.from({ length: 20 }, (_, p) => reading(p, DAY0 + i * 600 + p, i * 20 + p)),
  );

  it('defers the roll-ups under load, lists them as owed, and writes them all when forced', async () => {
    const writer = new SqliteIngestWriter(sqlite(), options);
    // The first commit is due (nothing written yet); the next ones within the interval are deferred.
    expect((await commit(writer, rounds[0] as IngestReading[])).complete).toBe(true);
    for (const round of rounds.slice(1, 100)) expect((await commit(writer, round)).complete).toBe(false);
    expect(owed()).toEqual(probeDaysOf(rounds.slice(1, 100).flat()));
    expect(writer.rollupsOwed()).toBe(true);
    // On disk the roll-ups still show the first round only.
    expect(latest('R00003')?.meas_ts).toBe(DAY0 + 3);
    expect(dailyRows().get(`R00003 ${DAY0}`)?.n).toBe(1);

    const result = await commit(writer, [], true);
    expect(result.complete).toBe(true);
    expect(owed()).toEqual([]);
    expect(writer.rollupsOwed()).toBe(false);
    expect(dailyRows()).toEqual(rollupsOf(rounds.slice(0, 100).flat()));
    expect(latest('R00003')?.meas_ts).toBe(DAY0 + 99 * 600 + 3);
  });

  it('writes owed roll-ups with the next commit once the interval has passed', async () => {
    const writer = new SqliteIngestWriter(sqlite(), options);
    for (const round of rounds.slice(0, 10)) await commit(writer, round);
    expect(owed()).toEqual(probeDaysOf(rounds.slice(1, 10).flat()));
    expect(writer.rollupsDueInMs()).toBe(60_000);
    clockMs += 60_000;
    expect(writer.rollupsDueInMs()).toBe(0);
    expect((await commit(writer, rounds[10] as IngestReading[])).complete).toBe(true);
    expect(owed()).toEqual([]);
    expect(dailyRows()).toEqual(rollupsOf(rounds.slice(0, 11).flat()));
  });

  it('rebuilds exactly what it owed after a crash, packed days and repeats included', async () => {
    // A probe's first day is packed already (the packing job ran); a straggler of it arrives later.
    const packedDay = rounds.slice(0, 144).map((r) => r[0] as IngestReading);
    sqlite()
      .prepare('insert into readings_packed (sensor_id, day, n, data) values (?, ?, ?, ?)')
      .run(
        'R00000',
        DAY0,
        packedDay.length,
        packDay(
          packedDay.map((r) => ({
            meas_ts: r.meas_ts,
            bs_id: 'BS1',
            received_ts: r.meas_ts,
            temperature: r.temperatures[0] as number,
            temps: JSON.stringify(r.temperatures),
            sensor_rssi: -60,
            bs_rssi: -70,
            batt: r.batt_voltage ?? null,
          })),
        ),
      );
    const first = new SqliteIngestWriter(sqlite(), options);
    const later = rounds.slice(144).map((round) => round.slice(1));
    await commit(first, later[0] as IngestReading[]);
    const straggler = reading(0, DAY0 + 301, 999_999);
    for (const round of later.slice(1, 50)) await commit(first, round);
    await commit(first, [straggler, ...(later[50] as IngestReading[])]);
    // A repeat of committed readings stores nothing and owes nothing more.
    expect((await commit(first, later[1] as IngestReading[])).fresh.every((f) => f === 0)).toBe(true);
    expect(owed()).toEqual(probeDaysOf([straggler, ...later.slice(1, 51).flat()]));

    // The server dies here: a writer with no memory of the first starts on the same file.
    const second = new SqliteIngestWriter(sqlite(), options);
    await store.db.transaction().execute((trx) => Promise.resolve(second.recoverRollups(trx)));
    expect(owed()).toEqual([]);
    const expected = rollupsOf(later.slice(0, 51).flat());
    const rows = dailyRows();
    for (const [key, value] of expected) expect(rows.get(key)).toEqual(value);
    // The straggler's day holds the packed readings and the straggler: counted once each.
    expect(rows.get(`R00000 ${DAY0}`)).toEqual(rollupsOf([...packedDay, straggler]).get(`R00000 ${DAY0}`));
    expect(latest('R00005')?.meas_ts).toBe(DAY0 + (144 + 50) * 600 + 5);
  });

  it('after a transaction that failed, rebuilds from the store before folding again', async () => {
    const writer = new SqliteIngestWriter(sqlite(), options);
    for (const round of rounds.slice(0, 5)) await commit(writer, round);
    // A commit whose transaction fails after the writer folded its readings.
    await expect(
      store.db.transaction().execute(async (trx) => {
        const w = await writer.writeReadings(
          trx,
          ORIGIN,
          rounds[5] as IngestReading[],
          (rounds[5] as IngestReading[]).map(() => 0),
        );
        const s = writer.settleRollups(trx, { force: false, fresh: freshCount(w) });
        w.discard();
        s.discard();
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    for (const round of rounds.slice(5, 8)) await commit(writer, round);
    await commit(writer, [], true);
    // The failed round counts nowhere; its readings were stored again by the next commit.
    expect(dailyRows()).toEqual(rollupsOf(rounds.slice(0, 8).flat()));
  });
});

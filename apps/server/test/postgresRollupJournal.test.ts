import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { Migrator, sql, type CompiledQuery, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/db/createDatabase.js';
import { migrations } from '../src/db/migrations/index.js';
import { RepeatedReadings } from '../src/features/ingest/ingestWriter.js';
import { ReadingPacker } from '../src/features/readings/readingPacker.js';
import {
  PostgresIngestWriter,
  REPEATS_MS,
  STALE_MS,
  SWEEP_MS,
} from '../src/features/ingest/postgresIngestWriter.js';
import {
  DAY,
  freshCount,
  rollupReading as reading,
  rollupsOf,
  type ExpectedDaily,
} from './support/rollupsOf.js';
import { TEST_DATABASE_URL, TEST_ENGINE } from './support/testApp.js';

const DAY0 = 20_000 * DAY; // a UTC midnight
/** Packets of a station's backlog: readings old enough to be packed soon (journalled as keys, decision 0157). */
const ORIGIN = [{ bsId: 'BS1', receivedTs: DAY0 + 5 * DAY }];
/** Packets of a live station. */
const LIVE = [{ bsId: 'BS2', receivedTs: DAY0 + DAY }];

/**
 * PostgreSQL's deferred roll-ups (decisions 0064 and 0066): under load a commit adds its new readings
 * to ingest_rollup_journal instead of writing them into probe_latest and probe_daily; its instance
 * folds them in memory and, when it writes the roll-ups, deletes those rows in the same transaction.
 * Rows an instance left when it died are merged from the journal. Whatever instance writes, and however
 * writes, merges and crashes interleave, each reading counts exactly once.
 */
describe.runIf(TEST_ENGINE === 'postgres')('deferred roll-ups on PostgreSQL', () => {
  const schema = `t_pg_journal_${process.pid}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  let store: Store;
  let clockMs = 1_000_000;
  /** Under load from the first reading: nothing is merged before its interval unless forced. */
  const options = { immediateBelow: 0, rollupIntervalMs: 60_000, nowMs: () => clockMs };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    store = openStore({ databaseUrl: TEST_DATABASE_URL, sqlitePath: ':memory:', pgSchema: schema });
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await store?.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });
  beforeEach(async () => {
    clockMs += 1_000_000;
    await sql`truncate readings, readings_packed, probe_latest, probe_daily, ingest_rollup_journal`.execute(
      store.db,
    );
  });

  /**
   * One commit through the writer, as the ingest service runs it: again with `repeats` when the
   * writer's COPY met a repeat (`attempts` tells).
   */
  async function commit(
    writer: PostgresIngestWriter,
    readings: IngestReading[],
    force = false,
    origin = ORIGIN,
    /** As the service runs a commit again after COPY met a repeat: the insert that skips repeats. */
    repeats = false,
  ) {
    const attempt = (repeats: boolean) =>
      store.db.transaction().execute(async (trx) => {
        const written = await writer.writeReadings(
          trx,
          origin,
          readings,
          readings.map(() => 0),
          repeats,
        );
        return { written, settled: await writer.settleRollups(trx, { force, fresh: freshCount(written) }) };
      });
    let attempts = 1;
    const done = await attempt(repeats).catch((err: unknown) => {
      if (!(err instanceof RepeatedReadings)) throw err;
      attempts++;
      return attempt(true);
    });
    done.written.publish();
    done.settled.publish();
    return { fresh: [...done.written.fresh], complete: done.settled.complete, attempts };
  }

  const dailyRows = async () =>
    new Map(
      (
        await sql<ExpectedDaily & { sensor_id: string; day: number }>`
          select sensor_id, day::int as day, n, max_temp, min_temp, max_temps, min_temps, min_batt, max_batt
          from probe_daily`.execute(store.db)
      ).rows.map(({ sensor_id, day, ...rest }) => [`${sensor_id} ${day}`, rest]),
    );
  const latest = async (sensorId: string) =>
    (
      await sql<{ meas_ts: number; bs_id: string; temps: string; temperature: number; batt: number | null }>`
        select meas_ts::int as meas_ts, bs_id, temps, temperature, batt from probe_latest
        where sensor_id = ${sensorId}`.execute(store.db)
    ).rows[0];
  /** probe_latest holds `r` as the packet carried it (depths as JSON text), delivered by `bsId`. */
  const expectLatest = async (r: IngestReading, bsId: string) =>
    expect(await latest(r.sensor_id)).toEqual({
      meas_ts: r.meas_ts,
      bs_id: bsId,
      temps: JSON.stringify(r.temperatures),
      temperature: r.temperatures[0],
      batt: r.batt_voltage,
    });
  const journalRows = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from ingest_rollup_journal`.execute(store.db)).rows[0]
      ?.n;

  // Two days of 20 probes, every 10 minutes, committed a station round at a time.
  const rounds = Array.from({ length: 2 * 144 }, (_, i) =>
    Array.from({ length: 20 }, (_, p) => reading(p, DAY0 + i * 600 + p, i * 20 + p)),
  );

  it('journals the roll-ups under load and merges them all when forced, as computed from the readings', async () => {
    const writer = new PostgresIngestWriter(options);
    // The first commit is due (nothing merged yet); the next ones within the interval only journal.
    expect((await commit(writer, rounds[0] as IngestReading[])).complete).toBe(true);
    for (const round of rounds.slice(1, 200)) expect((await commit(writer, round)).complete).toBe(false);
    expect(await journalRows()).toBe(199);
    expect(writer.rollupsOwed()).toBe(true);
    expect(writer.rollupsDueInMs()).toBe(60_000);
    // The store still shows the first round only.
    expect((await latest('R00003'))?.meas_ts).toBe(DAY0 + 3);
    expect((await dailyRows()).get(`R00003 ${DAY0}`)?.n).toBe(1);

    const result = await commit(writer, [], true);
    expect(result.complete).toBe(true);
    expect(await journalRows()).toBe(0);
    expect(writer.rollupsOwed()).toBe(false);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 200).flat()));
    // The latest reading's depths as the packet carried them, text included.
    await expectLatest(rounds[199]?.[3] as IngestReading, 'BS1');
  });

  it('merges with the next commit once the interval has passed', async () => {
    const writer = new PostgresIngestWriter(options);
    for (const round of rounds.slice(0, 10)) await commit(writer, round);
    clockMs += 60_000;
    expect(writer.rollupsDueInMs()).toBe(0);
    expect((await commit(writer, rounds[10] as IngestReading[])).complete).toBe(true);
    expect(await journalRows()).toBe(0);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 11).flat()));
  });

  it('journals only the new readings of a commit that repeats stored ones', async () => {
    const writer = new PostgresIngestWriter(options);
    await commit(writer, rounds[0] as IngestReading[]);
    const round1 = rounds[1] as IngestReading[];
    // Repeats of stored readings, a new round, and one reading twice within the commit.
    const mixed = [...(rounds[0] as IngestReading[]).slice(0, 5), ...round1, round1[7] as IngestReading];
    const { fresh, attempts } = await commit(writer, mixed);
    expect(fresh).toEqual([...Array<number>(5).fill(0), ...Array<number>(20).fill(1), 0]);
    // COPY met the repeats and the commit ran again, skipping them.
    expect(attempts).toBe(2);
    // For a while after, commits skip repeats from the start.
    const again = await commit(writer, rounds[0] as IngestReading[]);
    expect(again.fresh.every((f) => f === 0)).toBe(true);
    expect(again.attempts).toBe(1);
    await commit(writer, [], true);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 2).flat()));
  });

  it('copies new readings, and skips repeats for a while once a commit met one', async () => {
    const writer = new PostgresIngestWriter(options);
    const repeat = async () => (await commit(writer, rounds[0] as IngestReading[])).attempts;
    expect((await commit(writer, rounds[0] as IngestReading[])).attempts).toBe(1);
    expect(await repeat()).toBe(2);
    clockMs += REPEATS_MS - 1;
    expect((await commit(writer, rounds[1] as IngestReading[])).attempts).toBe(1);
    expect(await repeat()).toBe(1);
    clockMs += 1;
    // The window has passed: COPY again, and a repeat costs a second attempt again.
    expect((await commit(writer, rounds[2] as IngestReading[])).attempts).toBe(1);
    expect(await repeat()).toBe(2);
    await commit(writer, [], true);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 3).flat()));
  });

  const recover = (writer: PostgresIngestWriter) =>
    store.db.transaction().execute((trx) => writer.recoverRollups(trx));

  it("keeps a commit's keys as their arrays' text, compressed with LZ4 where the server has it (decision 0184)", async () => {
    const writer = new PostgresIngestWriter(options);
    await commit(writer, rounds[0] as IngestReading[]);
    // A commit under load of a thousand readings: keys long enough to be compressed.
    const many = Array.from({ length: 1_000 }, (_, i) => reading(50_000 + i, DAY0 + 7, i));
    await commit(writer, many);
    const { rows } = await sql<{ ids: string[]; times: string[]; type: string; compression: string | null }>`
      select sensor_ids::text[] as ids, times::bigint[]::text[] as times, pg_typeof(sensor_ids)::text as type,
        pg_column_compression(sensor_ids) as compression
      from ingest_rollup_journal`.execute(store.db);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.type).toBe('text');
    // The text of the arrays: what the statements that read them parse.
    expect(row.ids).toEqual(many.map((r) => r.sensor_id));
    expect(row.times).toEqual(many.map((r) => String(r.meas_ts)));
    const { rows: lz4 } = await sql<{ lz4: boolean }>`
      select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(
      store.db,
    );
    expect(row.compression).toBe(lz4[0]?.lz4 ? 'lz4' : 'pglz');
    // Merged from the journal as a crashed instance's row: the readings counted once, from the text.
    expect(await recover(new PostgresIngestWriter(options))).toBe(1);
    expect((await latest('R50999'))?.meas_ts).toBe(DAY0 + 7);
  });

  it("merges a crashed instance's journal once: from another instance once stale, or from a starting server", async () => {
    const crashed = new PostgresIngestWriter(options);
    for (const round of rounds.slice(0, 150)) await commit(crashed, round);
    expect(await journalRows()).toBe(149);
    // The instance dies with its roll-ups unwritten. Another one leaves its rows alone while they may
    // still be their writer's...
    const other = new PostgresIngestWriter(options);
    clockMs += STALE_MS - 1;
    expect((await commit(other, rounds[150] as IngestReading[])).complete).toBe(true);
    expect(await journalRows()).toBe(149);
    // ...and merges them at its next write once they are stale.
    clockMs += SWEEP_MS;
    expect((await commit(other, rounds[151] as IngestReading[], true)).complete).toBe(true);
    expect(await journalRows()).toBe(0);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 152).flat()));
    // That one dies too, after journalling; a starting server merges what it left before any packet.
    for (const round of rounds.slice(152, 161)) await commit(other, round);
    const restarted = new PostgresIngestWriter(options);
    expect(await recover(restarted)).toBe(9);
    expect(await journalRows()).toBe(0);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 161).flat()));
    // A forced write finds nothing more: nothing counts twice.
    await commit(restarted, [], true);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 161).flat()));
  });

  it('merges rows of keys only from the readings, beside rows with values', async () => {
    const crashed = new PostgresIngestWriter(options);
    // The first commit writes its roll-ups at once; then live packets and a backlog's alternate, every
    // third commit run as after a repeat (its row holds the values).
    for (let i = 0; i < 41; i++)
      await commit(crashed, rounds[i] as IngestReading[], false, i % 2 ? ORIGIN : LIVE, i % 3 === 0);
    // A row of keys says its oldest reading, for the packing job (decision 0157); one with values does not.
    const kinds = await sql<{ keys: boolean; n: number; oldest: boolean }>`
      select bs_ids is null as keys, count(*)::int as n,
        bool_and(oldest_ts is not distinct from
          case when bs_ids is null then (select min(t) from unnest(times::bigint[]) as t) end) as oldest
      from ingest_rollup_journal group by 1 order by 1`.execute(store.db);
    expect(kinds.rows).toEqual([
      { keys: false, n: 13, oldest: true },
      { keys: true, n: 27, oldest: true },
    ]);
    expect(await recover(new PostgresIngestWriter(options))).toBe(40);
    expect(await journalRows()).toBe(0);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 41).flat()));
    // The newest reading came in a live packet: its station and depths as the packet carried them.
    await expectLatest(rounds[40]?.[3] as IngestReading, 'BS2');
  });

  it("leaves a probe's days raw while a row of keys names its readings, so that a merge from the journal finds them", async () => {
    const crashed = new PostgresIngestWriter(options);
    // The first commit writes its roll-ups at once; the next nine, of the first ten probes only, stay in
    // the journal as rows of keys (their instance died).
    await commit(crashed, rounds[0] as IngestReading[]);
    for (const round of rounds.slice(1, 10)) await commit(crashed, round.slice(0, 10));
    expect(await journalRows()).toBe(9);
    // Two days after the readings' day has ended, the packing job runs: the ten other probes' day is
    // packed, the first ten probes' stays raw.
    const packer = new ReadingPacker(store.db, 'postgres', () => DAY0 + 3 * DAY, 2, {
      info: () => undefined,
    });
    expect(await packer.run()).toEqual({ days: 10, readings: 10 });
    const rawProbes = async () =>
      (
        await sql<{ sensor_id: string }>`select distinct sensor_id from readings order by 1`.execute(store.db)
      ).rows.map((r) => r.sensor_id);
    expect(await rawProbes()).toEqual((rounds[0] as IngestReading[]).slice(0, 10).map((r) => r.sensor_id));
    // A starting server merges the rows, from the readings they name: every reading counts once.
    expect(await recover(new PostgresIngestWriter(options))).toBe(9);
    const committed = [rounds[0] as IngestReading[], ...rounds.slice(1, 10).map((r) => r.slice(0, 10))];
    expect(await dailyRows()).toEqual(rollupsOf(committed.flat()));
    // With the journal empty, the next run packs the rest.
    expect(await packer.run()).toEqual({ days: 10, readings: 100 });
    expect(await rawProbes()).toEqual([]);
  });

  it('counts every reading once when a starting server merges rows a living instance holds in memory', async () => {
    const living = new PostgresIngestWriter(options);
    // The first commit writes its roll-ups at once; the next 19 are held in memory.
    for (const round of rounds.slice(0, 20)) await commit(living, round);
    expect(await journalRows()).toBe(19);
    expect(living.rollupsOwed()).toBe(true);
    // Another server starts and merges the whole journal, the living instance's rows included.
    expect(await recover(new PostgresIngestWriter(options))).toBe(19);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 20).flat()));
    // The living instance goes on. Its next write finds those rows gone: it forgets what it folded of
    // them and merges its rows still in the journal from there.
    for (const round of rounds.slice(20, 30)) await commit(living, round);
    clockMs += 60_000;
    expect((await commit(living, rounds[30] as IngestReading[])).complete).toBe(true);
    expect(await journalRows()).toBe(0);
    expect(living.rollupsOwed()).toBe(false);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 31).flat()));
    // And writes from memory again after.
    for (const round of rounds.slice(31, 40)) await commit(living, round);
    await commit(living, [], true);
    expect(await journalRows()).toBe(0);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 40).flat()));
  });

  it('folds each journal row once when two instances write at the same time', async () => {
    const a = new PostgresIngestWriter(options);
    const b = new PostgresIngestWriter(options);
    for (let i = 0; i < 100; i++) await commit(i % 2 === 0 ? a : b, rounds[i] as IngestReading[]);
    // Both force a write at once: the second waits for the first; each writes its own rows.
    const both = await Promise.all([commit(a, [], true), commit(b, [], true)]);
    expect(both.map((r) => r.complete)).toEqual([true, true]);
    expect(await journalRows()).toBe(0);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 100).flat()));
  });

  it('merges a long journal in steps', async () => {
    const crashed = new PostgresIngestWriter({ ...options, mergeRows: 4 });
    for (const round of rounds.slice(0, 11)) await commit(crashed, round);
    expect(await journalRows()).toBe(10);
    // A starting server merges it to its end, four rows at a time.
    expect(await recover(new PostgresIngestWriter({ ...options, mergeRows: 4 }))).toBe(10);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 11).flat()));
    // Stale rows are taken four at a time, one step at each write.
    for (const round of rounds.slice(11, 21)) await commit(crashed, round);
    clockMs += STALE_MS + 1;
    const living = new PostgresIngestWriter({ ...options, mergeRows: 4 });
    const left: number[] = [];
    for (const round of rounds.slice(21, 24)) {
      await commit(living, round, true);
      left.push((await journalRows()) as number);
    }
    expect(left).toEqual([6, 2, 0]);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 24).flat()));
  });

  it('still owes the row a commit journalled while a merge of another transaction ran', async () => {
    const writer = new PostgresIngestWriter(options);
    await commit(writer, rounds[0] as IngestReading[]);
    await commit(writer, rounds[1] as IngestReading[]);
    expect(writer.rollupsOwed()).toBe(true);
    const zeros = (rounds[2] as IngestReading[]).map(() => 0);
    const gate = () => {
      let open = (): void => undefined;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const aWrote = gate();
    const aGoes = gate();
    const bMerged = gate();
    const bGoes = gate();
    // Commit A journals round 2 and waits; B's merge runs meanwhile and cannot see A's row.
    const a = store.db.transaction().execute(async (trx) => {
      const written = await writer.writeReadings(trx, ORIGIN, rounds[2] as IngestReading[], zeros);
      aWrote.open();
      await aGoes.opened;
      return {
        written,
        settled: await writer.settleRollups(trx, { force: false, fresh: freshCount(written) }),
      };
    });
    await aWrote.opened;
    const b = store.db.transaction().execute(async (trx) => {
      const settled = await writer.settleRollups(trx, { force: true, fresh: 0 });
      bMerged.open();
      await bGoes.opened;
      return settled;
    });
    await bMerged.opened;
    // A commits first, then B: B's merge did not cover A's row, so the writer still owes it.
    aGoes.open();
    const done = await a;
    done.written.publish();
    done.settled.publish();
    bGoes.open();
    (await b).publish();
    expect(writer.rollupsOwed()).toBe(true);
    expect(await journalRows()).toBe(1);
    expect((await commit(writer, [], true)).complete).toBe(true);
    expect(writer.rollupsOwed()).toBe(false);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 3).flat()));
  });

  it('owes its roll-ups again when writing them fails, and writes them at the next try', async () => {
    const writer = new PostgresIngestWriter(options);
    // The first commit writes its roll-ups at once; the next four are held in memory.
    for (const round of rounds.slice(0, 5)) await commit(writer, round);
    const failed = store.db.transaction().execute(async (trx) => {
      // The write from memory fails (a lost connection, say): the transaction rolls back.
      const failing = new Proxy(trx, {
        get: (target, key) =>
          key === 'executeQuery'
            ? (query: CompiledQuery) =>
                query.sql.includes('with gone as')
                  ? Promise.reject(new Error('connection lost'))
                  : target.executeQuery(query)
            : (Reflect.get(target, key) as unknown),
      });
      await writer.settleRollups(failing, { force: true, fresh: 0 });
    });
    await expect(failed).rejects.toThrow('connection lost');
    expect(writer.rollupsOwed()).toBe(true);
    expect(await journalRows()).toBe(4);
    expect((await commit(writer, [], true)).complete).toBe(true);
    expect(await journalRows()).toBe(0);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 5).flat()));
  });

  it('leaves the journal to a merge another transaction runs, and takes it on a later try', async () => {
    const writer = new PostgresIngestWriter({ ...options, rollupIntervalMs: 1_000 });
    clockMs += 1_000;
    // Another instance's merge holds the lock: a due commit does not wait for it.
    const holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await holder.connect();
    try {
      await holder.query(`set search_path to ${schema}`);
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(7312, hashtext(current_schema()))`);
      const result = await commit(writer, rounds[0] as IngestReading[]);
      expect(result.complete).toBe(false);
      expect(writer.rollupsOwed()).toBe(true);
      // It tried: the next try is an interval later.
      expect(writer.rollupsDueInMs()).toBe(1_000);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    clockMs += 1_000;
    expect((await commit(writer, rounds[1] as IngestReading[])).complete).toBe(true);
    expect(await dailyRows()).toEqual(rollupsOf(rounds.slice(0, 2).flat()));
  });
});

/**
 * Migration 0079 (decision 0184): a journal row an instance of the build before left as arrays (its
 * writer crashed, or the upgrade came between its commit and its merge) is kept as the arrays' text and
 * merged after the upgrade, each reading once.
 */
describe.runIf(TEST_ENGINE === 'postgres')("the journal's keys kept as text across the upgrade", () => {
  const schema = `t_pg_journal_text_${process.pid}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  let store: Store | undefined;
  afterAll(async () => {
    await store?.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('merges a row of keys written as arrays before the migration', async () => {
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    const db = openStore({ databaseUrl: TEST_DATABASE_URL, sqlitePath: ':memory:', pgSchema: schema });
    store = db;
    const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations('postgres')) };
    const upTo = new Migrator({ db: db.db, provider, migrationTableSchema: schema });
    expect((await upTo.migrateTo('0078_translation_seeds')).error).toBeUndefined();
    const readings = [reading(1, DAY0 + 600, 1), reading(2, DAY0 + 600, 2), reading(1, DAY0 + 1200, 3)];
    await db.db
      .insertInto('readings')
      .values(
        readings.map((r) => ({
          sensor_id: r.sensor_id,
          meas_ts: r.meas_ts,
          bs_id: 'BS1',
          received_ts: DAY0 + 1300,
          temperature: r.temperatures[0] as number,
          temps: `[${r.temperatures.join(',')}]`,
          sensor_rssi: r.sensor_RSSI,
          bs_rssi: r.bs_RSSI,
          batt: r.batt_voltage,
        })),
      )
      .execute();
    await sql`insert into ingest_rollup_journal (sensor_ids, times, instance, seq, created_ms, oldest_ts)
      values (${readings.map((r) => r.sensor_id)}::text[], ${readings.map((r) => r.meas_ts)}::bigint[],
        'gone', 1, 0, ${DAY0 + 600})`.execute(db.db);

    await migrateToLatest(db);
    const { rows: kept } = await sql<{ ids: string[] }>`
      select sensor_ids::text[] as ids from ingest_rollup_journal`.execute(db.db);
    expect(kept).toEqual([{ ids: readings.map((r) => r.sensor_id) }]);
    const writer = new PostgresIngestWriter({ immediateBelow: 0, rollupIntervalMs: 60_000 });
    expect(await db.db.transaction().execute((trx) => writer.recoverRollups(trx))).toBe(1);
    const { rows: daily } = await sql<{ sensor_id: string; n: number }>`
      select sensor_id, n from probe_daily order by sensor_id`.execute(db.db);
    expect(daily).toEqual([
      { sensor_id: 'R00001', n: 2 },
      { sensor_id: 'R00002', n: 1 },
    ]);
    const { rows: latest } = await sql<{ sensor_id: string; meas_ts: string }>`
      select sensor_id, meas_ts::text from probe_latest order by sensor_id`.execute(db.db);
    expect(latest).toEqual([
      { sensor_id: 'R00001', meas_ts: String(DAY0 + 1200) },
      { sensor_id: 'R00002', meas_ts: String(DAY0 + 600) },
    ]);
  });
});

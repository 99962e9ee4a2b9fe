import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QualityRollupRepository } from '../src/features/quality/qualityRollup.repository.js';
import { ReadingHistory } from '../src/features/readings/readingHistory.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Several instances run the quality roll-up job on one PostgreSQL (issue 34 item 1's three-instance
 * test saw `quality_hourly_pk` fail): two transactions folding the same probe's hours at once must not
 * collide. The second is held until it waits on a lock, then the first commits.
 */
describe.runIf(TEST_ENGINE === 'postgres')('the quality roll-up folded by two instances at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Backends of this database waiting on a lock (the tests of one worker run one at a time). */
  async function waitingOnLocks(): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.store.db);
    return Number(rows[0]!.n);
  }

  it('holds the second fold of a probe until the first commits, then replaces its hours', async () => {
    const repo = new QualityRollupRepository(
      t.store.db,
      new ReadingHistory(t.store.db, 'postgres'),
      'postgres',
    );
    const hour = 1_780_000_000 - (1_780_000_000 % 3600);
    const rows = (maxTemp: number) => [
      { sensor_id: 'H-LOCK', hour, max_temp: maxTemp, n: 4 },
      { sensor_id: 'H-LOCK', hour: hour + 3600, max_temp: maxTemp + 1, n: 4 },
    ];
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    const first = repo.transaction(async (trx) => {
      await repo.replaceHours(trx, 'H-LOCK', hour, hour + 7200, rows(400));
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    const second = repo.transaction((trx) => repo.replaceHours(trx, 'H-LOCK', hour, hour + 7200, rows(410)));
    // The second is blocked (on the probe's lock, or without it on the first's uncommitted keys).
    for (let i = 0; i < 600 && (await waitingOnLocks()) === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await waitingOnLocks()).toBeGreaterThan(0);
    releaseFirst();
    await first;
    await expect(second).resolves.toBeUndefined();
    const stored = await t.store.db
      .selectFrom('quality_hourly')
      .select(['hour', 'max_temp'])
      .where('sensor_id', '=', 'H-LOCK')
      .orderBy('hour')
      .execute();
    expect(stored.map((r) => [Number(r.hour), Number(r.max_temp)])).toEqual([
      [hour, 410],
      [hour + 3600, 411],
    ]);
  });
});

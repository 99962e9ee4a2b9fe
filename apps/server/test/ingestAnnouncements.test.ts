import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
import { EventBus } from '../src/realtime/EventBus.js';
import { IngestRepository } from '../src/features/ingest/ingest.repository.js';
import { IngestService } from '../src/features/ingest/ingest.service.js';
import { PostgresIngestWriter } from '../src/features/ingest/postgresIngestWriter.js';
import { ProbeDirectory } from '../src/features/ingest/probeDirectory.js';
import { SqliteIngestWriter } from '../src/features/ingest/sqliteIngestWriter.js';
import { readingsLive } from '../src/features/readings/readings.live.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const PROBE = 'H10001';

/**
 * newData under deferred roll-ups (decision 0132): a commit announces its stations before the
 * stations get their answers, even when it leaves the roll-ups owed; the commit that writes them
 * announces the stations again, so a reader of the roll-ups refetches once they hold the reading.
 */
describe(`newData with deferred roll-ups, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clockMs = 1_000_000;
  /** Every roll-up is deferred until the test moves the clock a minute on. */
  const pace = { immediateBelow: 0, rollupIntervalMs: 60_000, nowMs: () => clockMs };
  let ingest: IngestService;
  const seen: string[] = [];
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
    const bus = new EventBus();
    bus.declare('readings', readingsLive);
    bus.on('newData', (e) => seen.push(`newData ${e.bsIds.join(' ')}`));
    const sqlite = t.store.sqlite;
    ingest = new IngestService(
      new IngestRepository(t.store.db, t.store.engine),
      bus,
      () => now,
      new ProbeDirectory(),
      sqlite ? new SqliteIngestWriter(sqlite, pace) : new PostgresIngestWriter(pace),
      { packedTimes: () => Promise.resolve(new Set<string>()) },
      undefined,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const packet = (measTs: number, temperature: number): IngestPacket => ({
    type: 'data',
    readings: [{ sensor_id: PROBE, meas_ts: measTs, temperatures: [temperature] }],
  });
  async function send(p: IngestPacket): Promise<void> {
    const answer = await ingest.submit(BS, p, 100);
    expect(answer).toMatchObject({ status_code: 0, stored: 1 });
    seen.push('answer');
  }
  const latest = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('probe_latest')
          .select('meas_ts')
          .where('sensor_id', '=', PROBE)
          .executeTakeFirstOrThrow()
      ).meas_ts,
    );

  it('announces a commit before its answer, and again once its roll-ups are written', async () => {
    // The first commit writes the roll-ups (none were written yet): announced once.
    await send(packet(now - 120, 300));
    expect(seen.splice(0)).toEqual([`newData ${BS}`, 'answer']);
    expect(await latest()).toBe(now - 120);

    // Within the interval the roll-ups are owed; the station is announced all the same.
    await send(packet(now - 60, 310));
    await send(packet(now - 30, 320));
    expect(seen.splice(0)).toEqual([`newData ${BS}`, 'answer', `newData ${BS}`, 'answer']);
    expect(await latest()).toBe(now - 120);

    // The commit that writes them announces the station again, with the roll-ups holding its readings.
    clockMs += 60_000;
    await ingest.settleRollups();
    expect(seen.splice(0)).toEqual([`newData ${BS}`]);
    expect(await latest()).toBe(now - 30);

    // Nothing is owed any more: nothing more to announce.
    await ingest.settleRollups();
    expect(seen).toEqual([]);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PACKET_LOG_KEEP_S, prunePacketLog } from '../src/features/ingest/packetLogRetention.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const DAY = 86_400;
const NOW = 2_000_000_000;

describe(`the packet log's retention, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ nowS: () => NOW });
  });
  afterAll(() => t.close());
  beforeEach(() => t.store.db.deleteFrom('bs_packets').execute());

  /** Packets logged in arrival order, one per age given (days before now). */
  async function log(...ageDays: number[]) {
    for (const age of ageDays)
      await t.store.db
        .insertInto('bs_packets')
        .values({
          bs_id: 'F1000001',
          type: 'data',
          ts: NOW - age * DAY,
          bytes_up: 100,
          bytes_down: 20,
          n_readings: 3,
        })
        .execute();
  }
  const ages = async () =>
    (await t.store.db.selectFrom('bs_packets').select('ts').orderBy('id').execute()).map(
      (r) => (NOW - Number(r.ts)) / DAY,
    );

  it('the hourly job deletes what is older than a quarter and keeps the rest', async () => {
    await log(200, 120, 91, 90, 30, 0);
    const job = t.jobs.find((j) => j.name === 'ingest.prunePacketLog');
    expect(job).toBeDefined();
    await job!.run();
    expect(PACKET_LOG_KEEP_S).toBe(90 * DAY);
    expect(await ages()).toEqual([90, 30, 0]);
  });

  it('goes on batch after batch until the old rows are gone', async () => {
    await log(...Array.from({ length: 11 }, () => 100), 10);
    expect(await prunePacketLog(t.store.db, NOW - PACKET_LOG_KEEP_S, 3)).toBe(11);
    expect(await ages()).toEqual([10]);
  });

  it('stops at once when the oldest row by arrival is recent (a late old stamp waits for its turn)', async () => {
    await log(10, 200);
    expect(await prunePacketLog(t.store.db, NOW - PACKET_LOG_KEEP_S)).toBe(0);
    expect(await ages()).toEqual([10, 200]);
  });
});

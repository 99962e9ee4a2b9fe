import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROBES_LOCK_SPACE, DAY_LOCK_SPACE } from '../src/db/probeLocks.js';
import type { ReadingPacker } from '../src/features/readings/index.js';
import { advisoryLocksWaiting } from './support/advisoryLocksWaiting.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const now = Math.floor(Date.now() / 1000);
const DAY = 86_400;

/**
 * A commit whose probes the directory holds settled (known, of the station's account, last heard by
 * the sender) writes no probe row, so it takes none of the probes' locks (decision 0065); any other
 * commit still does. A settled commit with readings old enough to be packed takes their days' locks
 * shared instead (decision 0149). Here another session holds a probe's lock or a day's, as another
 * instance's commit or the packing job would.
 */
describe.runIf(TEST_ENGINE === 'postgres')('which ingest commits take the probes’ locks', () => {
  let t: TestApp;
  // Advisory locks are the database's: the other session connects to the app's own.
  let other: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  const send = (bsId: string, packet: IngestPacket) =>
    t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${t.secretOf(bsId)}` },
      payload: packet,
    });
  const reading = (meas_ts: number) => ({ sensor_id: 'H10001', meas_ts, temperatures: [201, 202, 203, 204] });
  const waitingForLock = () => advisoryLocksWaiting(other);

  /**
   * Runs the packing job while another session holds a lock (`hold`), checks that the job waits for it
   * and packs nothing meanwhile, then lets it go (`release`) and checks that the job packs.
   */
  async function expectPackerToWaitWhile(hold: () => Promise<unknown>, release: () => Promise<unknown>) {
    const packer = (
      t.features.find((f) => f.name === 'readings') as unknown as { exports: { packer: ReadingPacker } }
    ).exports.packer;
    await hold();
    let packed: Awaited<ReturnType<ReadingPacker['run']>> | undefined;
    const run = packer.run().then((p) => (packed = p));
    let waited = false;
    try {
      for (let i = 0; i < 200 && !waited; i++) {
        waited = (await waitingForLock()) > 0;
        if (!waited) await new Promise((r) => setTimeout(r, 25));
      }
      expect(waited).toBe(true);
      expect(packed).toBeUndefined();
    } finally {
      await release();
    }
    await run;
    expect(packed?.days).toBeGreaterThan(0);
  }

  const probeLock = {
    take: `select pg_advisory_lock(hashtext('H10001'))`,
    release: `select pg_advisory_unlock(hashtext('H10001'))`,
  };
  const dayLock = (ts: number) => ({
    take: `select pg_advisory_lock(${DAY_LOCK_SPACE}, ${Math.floor(ts / DAY)})`,
    release: `select pg_advisory_unlock(${DAY_LOCK_SPACE}, ${Math.floor(ts / DAY)})`,
  });

  /** Sends the packet while a lock is held elsewhere: whether it waited for it, and its answer. */
  async function underHeldLock(bsId: string, packet: IngestPacket, lock = probeLock) {
    await other.query(lock.take);
    let done = false;
    const answer = send(bsId, packet).then((res) => {
      done = true;
      return res;
    });
    let waited = false;
    try {
      for (let i = 0; i < 80 && !done && !waited; i++) {
        waited = (await waitingForLock()) > 0;
        if (!waited) await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await other.query(lock.release);
    }
    const res = await answer;
    expect(res.statusCode).toBe(200);
    return { waited, stored: res.json<{ stored: number }>().stored };
  }

  it('takes them for a probe not yet cached, not once it is settled (an old reading: its day’s lock instead), and again for a move', async () => {
    // The first packet reads the probe from the store: under the locks.
    expect(await underHeldLock('F1000001', { type: 'data', readings: [reading(now - 600)] })).toEqual({
      waited: true,
      stored: 1,
    });
    // Cached and settled: answered while the lock is held elsewhere.
    expect(await underHeldLock('F1000001', { type: 'data', readings: [reading(now - 300)] })).toEqual({
      waited: false,
      stored: 1,
    });
    // A reading from three days ago may belong to a packed day: not under the probe's lock, under the
    // day's (decision 0149).
    expect(await underHeldLock('F1000001', { type: 'data', readings: [reading(now - 3 * DAY)] })).toEqual({
      waited: false,
      stored: 1,
    });
    const old = now - 3 * DAY - 60;
    expect(await underHeldLock('F1000001', { type: 'data', readings: [reading(old)] }, dayLock(old))).toEqual(
      { waited: true, stored: 1 },
    );
    // Another day's lock held: no wait.
    expect(
      await underHeldLock(
        'F1000001',
        { type: 'data', readings: [reading(old - 60)] },
        dayLock(old - 5 * DAY),
      ),
    ).toEqual({ waited: false, stored: 1 });
    // Another station of the account hears it: the probe's receiving station changes, under the locks.
    expect(await underHeldLock('F1000002', { type: 'data', readings: [reading(now - 200)] })).toEqual({
      waited: true,
      stored: 1,
    });
  });

  it("packs no day while an ingest commit holds the day's lock shared (decision 0149)", async () => {
    const day = Math.floor((now - 40 * DAY) / DAY);
    expect((await send('F1000001', { type: 'data', readings: [reading(day * DAY + 600)] })).statusCode).toBe(
      200,
    );
    await expectPackerToWaitWhile(
      () => other.query('select pg_advisory_lock_shared($1::int, $2::int)', [DAY_LOCK_SPACE, day]),
      () => other.query('select pg_advisory_unlock_shared($1::int, $2::int)', [DAY_LOCK_SPACE, day]),
    );
    const rows = await t.store.db
      .selectFrom('readings_packed')
      .select('n')
      .where('sensor_id', '=', 'H10001')
      .where('day', '=', day * DAY)
      .execute();
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('packs no day while an ingest commit of many probes holds the all-probes lock (decision 0148)', async () => {
    // A reading of a day old enough to be packed, stored before (the lock is taken by another session here,
    // as a commit of more than 512 probes takes it instead of each probe's lock).
    expect((await send('F1000001', { type: 'data', readings: [reading(now - 20 * DAY)] })).statusCode).toBe(
      200,
    );
    await expectPackerToWaitWhile(
      () => other.query('select pg_advisory_lock($1::int, 0)', [ALL_PROBES_LOCK_SPACE]),
      () => other.query('select pg_advisory_unlock($1::int, 0)', [ALL_PROBES_LOCK_SPACE]),
    );
  });
});

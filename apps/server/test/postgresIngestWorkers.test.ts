import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryLocksWaiting } from './support/advisoryLocksWaiting.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const now = Math.floor(Date.now() / 1000);

/**
 * On PostgreSQL the ingest service commits two transactions at once (decision 0064): a commit that
 * waits — for a probe's lock, here held by another session as another instance's commit would — does
 * not hold up a packet of other probes behind it.
 */
describe.runIf(TEST_ENGINE === 'postgres')('two ingest commits at once on PostgreSQL', () => {
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

  function send(bsId: string, packet: IngestPacket) {
    return t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${t.secretOf(bsId)}` },
      payload: packet,
    });
  }
  const waitingForLock = () => advisoryLocksWaiting(other);

  it('answers a packet of other probes while a commit waits for a probe lock', async () => {
    // The probe lock ingest takes for H10001 (ingest.repository.ts: hashtext of the serial).
    await other.query(`select pg_advisory_lock(hashtext('H10001'))`);
    let firstDone = false;
    const first = send('F1000001', {
      type: 'data',
      readings: [{ sensor_id: 'H10001', meas_ts: now - 60, temperatures: [201, 202, 203, 204] }],
    }).then((res) => {
      firstDone = true;
      return res;
    });
    try {
      for (let i = 0; i < 200 && (await waitingForLock()) === 0; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(await waitingForLock()).toBeGreaterThan(0);

      const second = await send('F2000001', {
        type: 'data',
        readings: [{ sensor_id: 'G20001', meas_ts: now - 60, temperatures: [151, 152, 153] }],
      });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ stored: 1 });
      expect(firstDone).toBe(false);
    } finally {
      await other.query(`select pg_advisory_unlock(hashtext('H10001'))`);
    }
    const res = await first;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stored: 1 });
  });
});

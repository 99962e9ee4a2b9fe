import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

describe(`server jobs on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('purges refresh tokens that have expired and keeps live ones', async () => {
    await t.login('hay@demo.emberwatch');
    const user = await t.findUser('hay@demo.emberwatch');
    await t.store.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: 'expired-token',
        user_id: user!.id,
        family_id: 'f',
        created_ts: 1,
        expires_ts: 2,
        used_ts: null,
        revoked_ts: null,
      })
      .execute();
    const job = t.jobs.find((j) => j.name === 'purge-expired-refresh-tokens');
    await job!.run();
    const left = await t.store.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(left.map((r) => r.token_hash)).not.toContain('expired-token');
    expect(left.length).toBeGreaterThan(0);
  });
});

import { afterAll, beforeAll } from 'vitest';
import { createServer, type Server } from '../../src/createServer.js';
import { createTestApp, type TestApp } from './testApp.js';

export interface TwoInstances {
  /** The first instance: the test app, with the seeded store, logins and station secrets. */
  readonly t: TestApp;
  /** A second server on the same config and store, as another replica behind a load balancer runs. */
  readonly second: Server;
  /**
   * Writes both instances' owed roll-ups: commits of the two at once may each leave the merge to the
   * other's, and the merge follows at the pace (decision 0064), not with the answer.
   */
  settleRollups(): Promise<void>;
}

/**
 * Two server instances on one store, for what instances sharing PostgreSQL must agree on (caches the
 * relay corrects, transactions that race). Registers the describe block's hooks: both instances
 * start before its tests and close after them; read `t` and `second` inside the tests.
 */
export function twoInstancesOnOneStore(): TwoInstances {
  let t: TestApp | undefined;
  let second: Server | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    second = await createServer(t.kernel.config, t.store, { logger: false });
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await t?.close();
  });
  const started = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error('the two instances start in beforeAll');
    return x;
  };
  return {
    get t() {
      return started(t);
    },
    get second() {
      return started(second);
    },
    async settleRollups() {
      await started(t).ingest.settleRollups();
      const ingest = started(second).features.find((f) => f.name === 'ingest') as {
        exports: { ingest: { settleRollups(): Promise<void> } };
      };
      await ingest.exports.ingest.settleRollups();
    },
  };
}

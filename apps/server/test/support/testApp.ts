import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startStandIns, type StandIns } from '@emberwatch/stand-ins';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/createServer.js';
import { openStore, type Store } from '../../src/db/createDatabase.js';
import { DEMO_PASSWORD } from '../../src/features/demo/demoAccounts.js';
import { seedDemo, type DemoStationsFile } from '../../src/features/demo/seedDemo.js';
import type { Job } from '../../src/jobs/Scheduler.js';
import type { Kernel } from '../../src/kernel/Kernel.js';
import type { FeatureModule } from '../../src/kernel/FeatureModule.js';
import type { IngestService } from '../../src/features/ingest/ingest.service.js';
import { UserRepository, type UserRow } from '../../src/features/users/index.js';
import { testDataRoot } from './testDataRoot.js';
import { storeTemplate, TEMPLATE_SCHEMA } from './storeTemplate.js';
import { currentWorker, workerDatabaseUrl } from './workerDatabases.js';

export const TEST_ENGINE = process.env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';
/** This worker's database (support/workerDatabases.ts): `<TEST_DATABASE_URL's database>_w<worker>`. */
export const TEST_DATABASE_URL = workerDatabaseUrl(
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  TEST_ENGINE === 'postgres' ? currentWorker() : undefined,
);

export interface TestApp {
  app: FastifyInstance;
  kernel: Kernel;
  /** Every feature's periodic jobs, to run one by hand. */
  jobs: Job[];
  /** The ingest service, for tests that need packets to share one commit. */
  ingest: Pick<IngestService, 'submit' | 'settleRollups'>;
  /** The mounted features (a feature's exports by name). */
  features: FeatureModule<object>[];
  /** A user row by username, straight from the store. */
  findUser(username: string): Promise<UserRow | undefined>;
  store: Store;
  /** On PostgreSQL, the URL of the app's own database (a second session of a test connects there). */
  databaseUrl: string | undefined;
  stations: DemoStationsFile['stations'];
  /** Logs in a demo user and returns its access token. */
  login(username: string): Promise<string>;
  secretOf(bsId: string): string;
  /** A demo fan controller's secret (seeded with `demoFans`). */
  controllerSecretOf(fcId: string): string;
  /**
   * The local stand-ins this app's providers point at (decision 0086): what the SMTP server and the
   * SMS provider received, the fake Stripe's 3-D Secure challenge and its keys (none with
   * `standIns: false`).
   */
  standIns: Required<Pick<StandIns, 'stripe' | 'smtp' | 'sms' | 'sim-operator'>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. TRUST_PROXY). */
  env?: Record<string, string>;
  /** The server's clock (the demo seed keeps the real one). */
  nowS?: () => number;
  /** Seed the demo accounts' monitors too (off: other tests start without monitors). */
  demoMonitors?: boolean;
  /** Seed the demo's fans too: controllers, the outdoor probe and the aeration monitors (off by default). */
  demoFans?: boolean;
  /** Start the local stand-ins and configure the providers for them (on by default; off: no provider). */
  standIns?: boolean;
}

/**
 * A real server on a real store: SQLite in a temp folder by default, PostgreSQL (its own schema per
 * call) when TEST_STORE=postgres. Seeded with the demo accounts. Its providers are the local stand-ins,
 * started here and configured as `npm start` configures them (`opts.env` may point elsewhere).
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const standIns = await startStandIns(opts.standIns === false ? [] : undefined);
  const dataDir = mkdtempSync(join(testDataRoot(), 'emberwatch-test-'));
  // A copy of the worker's migrated store with the bundled texts (storeTemplate.ts): on PostgreSQL a
  // database of the app's own.
  const template = await storeTemplate(TEST_ENGINE === 'postgres' ? TEST_DATABASE_URL : undefined);
  const sqlitePath = join(dataDir, 'test.db');
  const database = template.engine === 'postgres' ? await template.newDatabase() : undefined;
  if (template.engine === 'sqlite') template.copyTo(sqlitePath);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_SEED: '1',
    // The tests' clocks stand still: alerts raised in one pass are grouped, and a test that looks at the
    // gathering window (deliveryGroups.test.ts) sets it.
    DELIVERY_GROUP_WAIT_S: '0',
    // Twilio's one call a second: an alert to several people calls them a second apart, and the tests'
    // delivery.idle() would wait out each second (about 8 s over the 20 files with calls). The pacing
    // itself is tested with limits of its own (deliveryWorker.test.ts).
    TWILIO_CALLS_PER_S: '1000',
    ...standIns.env,
    ...opts.env,
  });
  const store = openStore({
    databaseUrl: database?.url,
    sqlitePath,
    pgSchema: database ? TEMPLATE_SCHEMA : undefined,
    poolSize: 4,
  });
  // No migration: the template was migrated by this process, with this code, moments ago
  // (storeTemplate.ts); asking again cost a PostgreSQL app 70–90 ms of round trips for nothing.
  const seeded = await seedDemo(store, dataDir, 'http://127.0.0.1:0', Math.floor(Date.now() / 1000), {
    monitors: opts.demoMonitors ?? false,
    fans: opts.demoFans ?? false,
  });
  const file = JSON.parse(readFileSync(seeded.file, 'utf8')) as DemoStationsFile;
  const { app, kernel, jobs, features } = await createServer(config, store, {
    logger: false,
    nowS: opts.nowS,
  });
  const ingestFeature = features.find((f) => f.name === 'ingest') as {
    exports: { ingest: Pick<IngestService, 'submit' | 'settleRollups'> };
  };
  await app.ready();

  return {
    app,
    kernel,
    jobs,
    ingest: ingestFeature.exports.ingest,
    features,
    standIns: {
      stripe: standIns.stripe!,
      smtp: standIns.smtp!,
      sms: standIns.sms!,
      'sim-operator': standIns['sim-operator']!,
    },
    findUser: (username) => new UserRepository(store.db).findByUsername(username),
    store,
    databaseUrl: database?.url,
    stations: file.stations,
    async login(username: string): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/login',
        payload: { username, password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
      return res.json<{ accessToken: string }>().accessToken;
    },
    secretOf(bsId: string): string {
      const s = file.stations.find((x) => x.bs_id === bsId);
      if (!s) throw new Error(`no demo station ${bsId}`);
      return s.secret;
    },
    controllerSecretOf(fcId: string): string {
      const c = file.fan_controllers?.find((x) => x.fc_id === fcId);
      if (!c) throw new Error(`no demo fan controller ${fcId}`);
      return c.secret;
    },
    async close(): Promise<void> {
      await app.close();
      await standIns.close();
      await store.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

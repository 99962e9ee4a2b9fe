import { loadConfig } from './config.js';
import { createServer } from './createServer.js';
import { migrateToLatest, openStore } from './db/createDatabase.js';
import { ensurePrivateDir } from './db/privateFiles.js';
import { DEMO_PASSWORD } from './features/demo/demoAccounts.js';
import { demoLogins } from './features/demo/demoLogins.js';
import { seedDemo } from './features/demo/seedDemo.js';
import { seedDemoBatches } from './features/demo/seedDemoBatches.js';
import { Scheduler } from './jobs/Scheduler.js';
import { isLoopbackHost, startupBanner } from './startupBanner.js';
import { logUnhandledRejections } from './logUnhandledRejections.js';

/** Composition root: configuration, store, HTTP + realtime, demo seed. Nothing else. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Also with PostgreSQL: the demo stations' secrets are written here (decision 0075).
  ensurePrivateDir(config.dataDir);
  const store = openStore({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  await migrateToLatest(store);
  const server = await createServer(config, store);
  const { app, jobs } = server;
  logUnhandledRejections(app.log);
  const scheduler = new Scheduler(app.log);
  scheduler.start(jobs);
  server.jobsScheduled(Date.now());

  // Seed before listening, so that a healthy server always has its demo accounts and credentials file.
  // The demo's batches are saved through the batches feature's own call, so after the server is built.
  const seed = async (port: number | string) => {
    const nowS = Math.floor(Date.now() / 1000);
    const seeded = await seedDemo(store, config.dataDir, `http://127.0.0.1:${port}`, nowS);
    for (const refusal of (await seedDemoBatches(app, nowS)).refused) app.log.warn(refusal);
    return seeded;
  };
  if (config.demoSeed && config.env === 'production') {
    app.log.warn(
      'DEMO_SEED=1 in production: the demo logins, a root admin among them, have a published password',
    );
  }
  if (config.demoSeed && config.port !== 0) {
    const seeded = await seed(config.port);
    app.log.info({ file: seeded.file, created: seeded.created }, 'demo accounts ready');
  }
  const address = await app.listen({ host: config.host, port: config.port });
  const port = new URL(address).port;
  const url = `http://localhost:${port}`;
  // With PORT=0 the port is known only now; the credentials file must name it.
  if (config.demoSeed && config.port === 0) await seed(port);

  if (config.demoSeed && !isLoopbackHost(config.host)) {
    app.log.warn(
      { host: config.host },
      'the demo logins, whose password is public, can be reached from the network (HOST is not a loopback address)',
    );
  }
  process.stdout.write(
    startupBanner({
      url,
      host: config.host,
      store: store.engine === 'sqlite' ? config.sqlitePath : 'PostgreSQL',
      demo: config.demoSeed ? { logins: demoLogins(), password: DEMO_PASSWORD } : null,
    }),
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    scheduler.stop();
    void app
      .close()
      .then(() => store.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Emberwatch failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  if (err instanceof Error && err.cause instanceof Error)
    process.stderr.write(`  cause: ${err.cause.message}\n`);
  process.exit(1);
});

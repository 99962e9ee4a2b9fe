import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { auxDataMessage } from '@emberwatch/shared/domain/serverLogs';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { accessEntryOf } from './accessEntry.js';
import { BatchWriter } from './batchWriter.js';
import {
  DiagnosticsRepository,
  type NewAccessLog,
  type NewServerLog,
  type NewTestReading,
} from './diagnostics.repository.js';
import { diagnosticsRoutes } from './diagnostics.routes.js';
import { DiagnosticsService } from './diagnostics.service.js';
import { JobRuns } from './jobRuns.js';
import { parseLogLine } from './logLine.js';
import { ACCESS_LOG_LIMITS, SERVER_LOG_LIMITS, TEST_READING_MAX_AGE_S } from './rotation.js';
import { TestReadingsWatch } from './testReadings.js';

/** How often the stores are rotated (rotation.ts). */
const ROTATE_EVERY_MS = 10 * 60_000;

/**
 * The operator console's diagnostics (issue 30 item 7, decision 0095): the server's log lines, its
 * answered calls and its job runs as the server reports them (kernel/DiagnosticsSink.ts), the test
 * readings of stations not yet activated (watching the station calls beside the call log), their
 * stores' rotation, and the console's calls that read them. Listed before the ingest (it watches its
 * calls and stops after it, writing the last ones).
 */
export function diagnosticsFeature(
  kernel: Kernel,
  deps: {
    authenticate: Authenticate;
    log: FastifyBaseLogger;
    /** The stations' call log (decision 0090): written before the factory tests are read. */
    callLog: { flush(): Promise<void> };
  },
) {
  const repo = new DiagnosticsRepository(kernel.store.db);
  // This process among the servers sharing the store (several on PostgreSQL).
  const self = { server: `${hostname()}:${process.pid}`, env: kernel.config.env };
  const log = () => deps.log;
  const logs = new BatchWriter<NewServerLog>('server log', (rows) => repo.insertServerLogs(rows), log);
  const access = new BatchWriter<NewAccessLog>('access log', (rows) => repo.insertAccessLogs(rows), log);
  const tests = new BatchWriter<NewTestReading>(
    'test readings',
    (rows) => repo.upsertTestReadings(rows),
    log,
  );
  const watch = new TestReadingsWatch(tests, () => repo.openKitStationIds(), kernel.nowS);
  const jobRuns = new JobRuns();
  let scheduledSince: number | null = null;
  const service = new DiagnosticsService(
    repo,
    {
      logs,
      access,
      // A kit activated or registered a moment ago is watched from the next read on.
      tests: {
        flush: async () => {
          await Promise.all([tests.flush(), deps.callLog.flush(), watch.refresh(true)]);
        },
      },
    },
    self,
    {
      list: () => jobRuns.list(scheduledSince),
      get since() {
        return jobRuns.since;
      },
      get scheduled() {
        return scheduledSince !== null;
      },
    },
    kernel.nowS,
  );
  let refreshTimer: NodeJS.Timeout | undefined;
  return defineFeature({
    name: 'diagnostics',
    routes: diagnosticsRoutes({ authenticate: deps.authenticate, diagnostics: service }),
    jobs: [
      {
        name: 'diagnostics.rotate',
        everyMs: ROTATE_EVERY_MS,
        run: async () => {
          const now = kernel.nowS();
          const removed = {
            lines: await repo.prune('server_logs', now, SERVER_LOG_LIMITS),
            calls: await repo.prune('access_logs', now, ACCESS_LOG_LIMITS),
            testReadings: await repo.pruneTestReadings(now - TEST_READING_MAX_AGE_S),
          };
          // Routine bookkeeping: an AuxData line, out of the log view's way unless asked for.
          deps.log.info(removed, auxDataMessage('diagnostics rotated'));
        },
      },
    ],
    diagnostics: {
      // The server's clock (as for the calls below), not the wall clock: a line that is not JSON has no
      // time of its own, and a test that moves the clock finds it where the clock says.
      logLine: (line) => logs.push(parseLogLine(line, self.server, self.env, kernel.nowS() * 1000)),
      response: (facts) => {
        const row = accessEntryOf(facts, self.server, kernel.nowS());
        if (row) access.push(row);
      },
      jobsKnown: (jobs) => jobRuns.known(jobs),
      jobStarted: (name, startMs) => jobRuns.started(name, startMs),
      jobEnded: (facts) => jobRuns.ended(facts),
      jobsScheduled: (sinceMs) => {
        scheduledSince = sinceMs;
      },
    },
    start: async () => {
      await watch.refresh(true);
      logs.start();
      access.start();
      tests.start();
      refreshTimer = setInterval(() => {
        watch.refresh().catch((err: unknown) => deps.log.error({ err }, 'test readings: kits not read'));
      }, 5000);
      refreshTimer.unref();
    },
    stop: async () => {
      clearInterval(refreshTimer);
      await Promise.all([logs.stop(), access.stop(), tests.stop()]);
    },
    exports: {
      /** The station calls' sink for the ingest: the call log's, with the test readings' watch beside it. */
      watchStationCalls: watch.beside.bind(watch),
      /**
       * Writes what the server and access logs hold in memory now. The rotation's test calls it before
       * it empties the tables: an entry of an earlier request written a moment later would count.
       */
      flushLogs: async (): Promise<void> => {
        await Promise.all([logs.flush(), access.flush()]);
      },
    },
  });
}

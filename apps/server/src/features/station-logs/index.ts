import type { FastifyBaseLogger } from 'fastify';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { CallRecorder } from './callRecorder.js';
import { CALL_LOG_LIMITS } from './callRotation.js';
import { StationLogsRepository } from './stationLogs.repository.js';
import { stationLogsRoutes } from './stationLogs.routes.js';
import { StationLogsService } from './stationLogs.service.js';

// The call log's tables, for the diagnostics that read it (the stations calling before their activation).
export { stationLogsDb } from './stationLogs.tables.js';

/** How often the call log is rotated (callRotation.ts). */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The base stations' call log (decision 0090): the recorder the station route tells about every call
 * (given to the ingest feature, listed after this one so that it stops first and the last calls are
 * written), its rotation job, and the operator console's calls that read it.
 */
export function stationLogsFeature(
  kernel: Kernel,
  deps: { authenticate: Authenticate; log: FastifyBaseLogger },
) {
  const repo = new StationLogsRepository(kernel.store.db);
  const recorder = new CallRecorder(repo, kernel.nowS, deps.log);
  const logs = new StationLogsService(repo, recorder, kernel.nowS);
  return defineFeature({
    name: 'station-logs',
    routes: stationLogsRoutes({ authenticate: deps.authenticate, logs }),
    jobs: [
      {
        name: 'stationLogs.rotate',
        everyMs: PRUNE_EVERY_MS,
        run: async () => {
          await repo.prune(kernel.nowS(), CALL_LOG_LIMITS);
        },
      },
    ],
    start: () => recorder.start(),
    stop: () => recorder.stop(),
    exports: { callLog: recorder },
  });
}

import type { RcEvent } from '@emberwatch/shared/contracts/batches';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { Notify } from '../notifications/index.js';
import type { UserRepository } from '../users/index.js';
import type { AccessService } from '../../http/access/index.js';
import { BatchRepository } from './batch.repository.js';
import { BatchService } from './batch.service.js';
import { BatchAlerts } from './batchAlerts.js';
import { batchRoutes } from './batches.routes.js';
import type { ReadingSource } from './batchProgress.js';
import { SanitisationReports } from './sanitisationReport.service.js';
import type { ServerTextCatalog } from '../translations/index.js';
// The newData bus event's type (declared by the readings feature's live events), which this feature uses.
import type {} from '../readings/index.js';

/** How often silent probes of ongoing batches are looked for (`batch_bug`). */
export const BATCH_SILENT_CHECK_EVERY_MS = 5 * 60_000;

/**
 * Compost batches (issue 13 item 4; spec doc 3 §2–§4, §9; doc 1 §2, §3, §7; decisions 0049, 0050):
 * the batch calls, each phase's probe progress folded from the stored readings, probe replacements,
 * turnings, the `batch` and `batch_bug` notifications, the RC events of a phase (read through the
 * fans feature) and the sanitisation report with its PDF.
 */
export function batchesFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    users: UserRepository;
    history: ReadingSource;
    notify: Notify;
    /** The server texts the report's PDF is worded with (the translations feature's; decision 0107). */
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
    preferences: {
      get(
        userId: number,
      ): Promise<Pick<UiPreferences, 'language' | 'degrees' | 'date_format' | 'time_format'>>;
    };
    rcEventsOfBatch: (q: {
      ownerId: number;
      batchId: number;
      fromTs: number;
      toTs: number;
      limit: number;
    }) => Promise<RcEvent[]>;
  },
) {
  const repo = new BatchRepository(kernel.store.db, kernel.store.engine);
  const batches = new BatchService(
    repo,
    deps.access,
    deps.users,
    deps.history,
    deps.rcEventsOfBatch,
    kernel.nowS,
  );
  const reports = new SanitisationReports(repo, batches, deps.history, kernel.nowS);
  const alerts = new BatchAlerts(
    repo,
    (ownerId, kind, params, subject) => deps.notify(kernel.store.db, ownerId, kind, params, subject),
    kernel.nowS,
  );
  let log: (err: unknown) => void = () => undefined;
  return defineFeature({
    name: 'batches',
    routes: async (app) => {
      log = (err) => app.log.error({ err }, 'batch alerts failed');
      await app.register(
        batchRoutes({
          authenticate: deps.authenticate,
          batches,
          reports,
          preferencesOf: (userId) => deps.preferences.get(userId),
          nowS: kernel.nowS,
          texts: () => deps.serverTexts.texts(),
        }),
      );
    },
    // Another instance's commit is that instance's to look at; the silent check covers every batch.
    events: {
      newData: ({ bsIds, remote }) => {
        if (!remote) alerts.onNewData(bsIds).catch((err: unknown) => log(err));
      },
    },
    jobs: [{ name: 'batches.silent', everyMs: BATCH_SILENT_CHECK_EVERY_MS, run: () => alerts.checkSilent() }],
    exports: {
      /** The alert passes, for the job runner and tests that wait for one. */
      batchAlerts: alerts,
    },
  });
}

import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { StorageRepository } from '../storages/index.js';
import type { ReadingHistory } from '../readings/index.js';
import type { UserRepository } from '../users/index.js';
import type { AccessService } from '../../http/access/index.js';
import { QualityRepository } from './quality.repository.js';
import { qualityRoutes } from './quality.routes.js';
import { QualityService } from './quality.service.js';
import { QualityRollup } from './qualityRollup.js';
import { QualityRollupRepository } from './qualityRollup.repository.js';

/** How often the roll-up job folds new readings in (a pass is cheap when nothing is new). */
export const QUALITY_ROLLUP_EVERY_MS = 30_000;

/**
 * Hay quality per probe of a storage (spec doc 3 §3, §4, §6, §9) from an hourly roll-up that this
 * feature's own job builds from the readings (decision 0028), outside the ingest path.
 */
export function qualityFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate; users: UserRepository; history: ReadingHistory },
) {
  const { db } = kernel.store;
  const rollup = new QualityRollup(
    new QualityRollupRepository(db, deps.history, kernel.store.engine),
    kernel.nowS,
  );
  const quality = new QualityService(
    new QualityRepository(db),
    deps.access,
    deps.users,
    new StorageRepository(db),
    kernel.nowS,
  );
  return defineFeature({
    name: 'quality',
    routes: qualityRoutes({ authenticate: deps.authenticate, quality }),
    jobs: [
      {
        name: 'quality-rollup',
        everyMs: QUALITY_ROLLUP_EVERY_MS,
        // Soon after the start, so a fresh demo (or a server that was down) shows quality at once.
        firstAfterMs: 2_000,
        run: async () => {
          await rollup.pass();
        },
      },
    ],
    exports: {
      /** Folds every reading stored so far into the roll-up (tests, benchmarks). */
      catchUpQuality: () => rollup.catchUp(),
    },
  });
}

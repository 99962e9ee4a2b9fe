import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { BaseStationRepository } from '../base-stations/index.js';
import type { UserRepository } from '../users/index.js';
import type { AccessService } from '../../http/access/index.js';
import { InsightRepository } from './insight.repository.js';
import { insightRoutes } from './insight.routes.js';
import { InsightService, type SaveStorage } from './insight.service.js';
import { MigrationService } from './migration.service.js';

/**
 * Insight onboarding (issue 14 item 3; decision 0051): the migration that accepts the terms, the
 * survey and its storages (made by the storages feature, `saveStorage`), the trial, the admin's calls
 * and the move to the separate app.
 */
export function insightFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    users: UserRepository;
    saveStorage: SaveStorage;
  },
) {
  const { db } = kernel.store;
  const repo = new InsightRepository(db);
  const stations = new BaseStationRepository(db);
  const insight = new InsightService(
    repo,
    deps.access,
    deps.users,
    async (accountId) => (await stations.listByOwners([accountId]))[0]?.id ?? null,
    deps.saveStorage,
    kernel.nowS,
  );
  const migration = new MigrationService(repo, deps.access, kernel.nowS);
  return defineFeature({
    name: 'insight',
    routes: insightRoutes({ authenticate: deps.authenticate, insight, migration }),
    exports: {
      /** The largest storage capacity of an account: from its survey's yearly volume, at least 1000. */
      capacityMaxOf: (accountId: number): Promise<number> => insight.capacityMaxOf(accountId),
    },
  });
}

import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { BaseStationRepository } from '../base-stations/index.js';
import type { AccessService, UserRepository } from '../users/index.js';
import { StorageRepository } from './storage.repository.js';
import { StorageService } from './storage.service.js';
import { storageRoutes } from './storages.routes.js';

export { checkStorageLayout, probesOf } from './checkStorageLayout.js';
export { StorageRepository, type StorageValues } from './storage.repository.js';
export { storageValues } from './storageValues.js';

/** A storage as other features see it: its id and the base station it stands at. */
export interface AccountStorage {
  id: number;
  bsId: string;
}

/** Storages of an account: list, create and edit (with their layouts and probes), delete. */
export function storagesFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    users: UserRepository;
    monitorExists: (ownerId: number, itemId: number) => Promise<boolean>;
  },
) {
  const { db } = kernel.store;
  const repo = new StorageRepository(db);
  const storages = new StorageService(
    repo,
    deps.access,
    deps.users,
    new BaseStationRepository(db),
    kernel.nowS,
    deps.monitorExists,
  );
  return defineFeature({
    name: 'storages',
    routes: storageRoutes({ authenticate: deps.authenticate, storages }),
    exports: {
      /** The storages of one account, each with its station (the site plan places them). */
      storagesOfAccount: async (ownerId: number): Promise<AccountStorage[]> =>
        (await repo.listByOwners([ownerId])).map((r) => ({ id: r.id, bsId: r.bs_id })),
    },
  });
}

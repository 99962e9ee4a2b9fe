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

/** Storages of an account: list, create and edit (with their layouts and probes), delete. */
export function storagesFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate; users: UserRepository },
) {
  const { db } = kernel.store;
  const storages = new StorageService(
    new StorageRepository(db),
    deps.access,
    deps.users,
    new BaseStationRepository(db),
    kernel.nowS,
  );
  return defineFeature({
    name: 'storages',
    routes: storageRoutes({ authenticate: deps.authenticate, storages }),
    exports: {},
  });
}

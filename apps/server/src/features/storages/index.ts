import type { RecipientHealth } from '@emberwatch/shared/contracts/delivery';
import type { Storage, StorageAlertMessaging, StorageInput } from '@emberwatch/shared/contracts/storages';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { BaseStationRepository } from '../base-stations/index.js';
import type { MonitorChoice } from '../monitors/index.js';
import type { UserRepository } from '../users/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import { AlertContactsRepository } from './alertContacts.repository.js';
import { StorageRepository } from './storage.repository.js';
import { StorageAlertsService } from './storageAlerts.service.js';
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
    monitorChoice: (ownerId: number, itemId: number, storageId: number | undefined) => Promise<MonitorChoice>;
    /** The largest capacity of an account's storages (the Insight survey's); 1000 without it. */
    capacityMaxOf?: (accountId: number) => Promise<number>;
    /** The account's recipients whose messages fail for good now (the delivery feature's); none without it. */
    recipientHealthOf?: (accountId: number) => Promise<RecipientHealth[]>;
  },
) {
  const { db } = kernel.store;
  const repo = new StorageRepository(db);
  const contacts = new AlertContactsRepository(db);
  const storages = new StorageService(
    repo,
    deps.access,
    deps.users,
    new BaseStationRepository(db),
    kernel.nowS,
    deps.monitorChoice,
    contacts,
    deps.capacityMaxOf,
  );
  const alerts = new StorageAlertsService(
    repo,
    storages,
    deps.access,
    contacts,
    kernel.nowS,
    deps.recipientHealthOf,
  );
  return defineFeature({
    name: 'storages',
    routes: storageRoutes({ authenticate: deps.authenticate, storages, alerts }),
    exports: {
      /** Makes or replaces a storage as the caller (all of saveStorage's rules and access checks). */
      saveStorage: (actor: Actor, uid: number | undefined, item: StorageInput): Promise<Storage> =>
        storages.save(actor, uid, item),
      /** The storages of one account, each with its station (the site plan places them). */
      storagesOfAccount: async (ownerId: number): Promise<AccountStorage[]> =>
        (await repo.listByOwners([ownerId])).map((r) => ({ id: r.id, bsId: r.bs_id })),
      /**
       * How one storage of an account alerts now (the shared StorageAlertMessaging): channels on or
       * off, and per channel the recipients with a usable phone or address; null when the account
       * has no such storage. The delivery feature reads it when it writes an alert's messages.
       */
      alertMessagingOf: (ownerId: number, storageItemId: number): Promise<StorageAlertMessaging | null> =>
        alerts.alertMessagingOf(ownerId, storageItemId),
    },
  });
}

import {
  sameAlertMessaging,
  STORAGE_CAPACITY_MAX_DEFAULT,
  type Storage,
  type StorageInput,
} from '@emberwatch/shared/contracts/storages';
import { ApiError } from '../../http/ApiError.js';
import type { BaseStationRepository } from '../base-stations/index.js';
import type { MonitorChoice } from '../monitors/index.js';
import type { UserRepository } from '../users/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { AlertContactsRepository } from './alertContacts.repository.js';
import { checkAlertMessaging } from './checkAlertMessaging.js';
import { checkStorageLayout, probesOf } from './checkStorageLayout.js';
import { presentStorage } from './storage.presenter.js';
import type { StorageRepository, StorageRow } from './storage.repository.js';
import { storageValues } from './storageValues.js';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function noSuchStorage(): ApiError {
  // Alike for a storage that does not exist and one of another account: no probing for ids.
  return ApiError.forbidden('You do not have access to this storage.');
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Storages of an account (spec doc 3 §3, §5, §6, §7). A storage belongs to an account (its main
 * user); whoever may see the account sees its storages, and changes follow the shared `mayChange`
 * (masters read-only, grand masters and admins everything, sub-users edit the layout but neither
 * delete nor change the storage's alerts and monitor; docs/roles.md). A save
 * checks the whole item first and writes it in one transaction, so a refused call changes nothing.
 */
export class StorageService {
  constructor(
    private readonly repo: StorageRepository,
    private readonly access: AccessService,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly stations: Pick<BaseStationRepository, 'findById' | 'probesWithStation'>,
    private readonly nowS: () => number,
    /** Whether the storage may choose this monitor (the monitors feature's monitorChoice). */
    private readonly monitorChoice: (
      ownerId: number,
      itemId: number,
      storageId: number | undefined,
    ) => Promise<MonitorChoice>,
    private readonly contacts: Pick<AlertContactsRepository, 'contactsOf' | 'rightsOf'>,
    /** Spec doc 3 §5: capacity capped by a maximum from the account's Insight survey, default 1000. */
    private readonly capacityMaxOf: (accountId: number) => Promise<number> = () =>
      Promise.resolve(STORAGE_CAPACITY_MAX_DEFAULT),
  ) {}

  /** GET /client/getStorages: the storages of the accounts the caller sees, or of one (UID), by name. */
  async list(actor: Actor, uid: number | undefined): Promise<Storage[]> {
    const ownerIds = uid === undefined ? actor.accountIds : [await this.access.accountIdFor(actor, uid)];
    const rows = await this.repo.listByOwners(ownerIds);
    return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id).map(presentStorage);
  }

  /** POST /client/saveStorage: creates (no itemID) or replaces a storage. */
  async save(actor: Actor, uid: number | undefined, item: StorageInput): Promise<Storage> {
    const existing = item.itemID === undefined ? undefined : await this.storageFor(actor, uid, item.itemID);
    const accountId = existing?.owner_user_id ?? (await this.access.accountIdFor(actor, uid));
    this.access.assertMayChange(actor, 'editStorage');
    // Whom the storage's alerts reach and which monitor watches it are a change of its alerts, which
    // a sub-user may not make (docs/roles.md); saving them as stored is a layout save.
    const storedMessaging = existing ? presentStorage(existing).alertMessaging : null;
    if (
      item.monitor !== (existing?.monitor_id ?? null) ||
      !sameAlertMessaging(item.alertMessaging, storedMessaging)
    )
      this.access.assertMayChange(actor, 'editStorageAlerts');
    const account = await this.users.findById(accountId);
    if (!account) throw noSuchStorage();

    const station = await this.stations.findById(item.BS_ID);
    if (!station || station.owner_user_id !== accountId) throw ApiError.forbidden();
    const capacityMax = item.capacity === null ? 0 : await this.capacityMaxOf(accountId);
    if (item.capacity !== null && item.capacity > capacityMax)
      throw ApiError.invalid(`The capacity is at most ${capacityMax}.`, 'item.capacity');
    // A storage has at most one monitor (spec doc 3 §3 Storage "monitor"), one of its own account.
    if (item.monitor !== null && item.monitor !== existing?.monitor_id) {
      const choice = await this.monitorChoice(accountId, item.monitor, existing?.id);
      if (choice === 'missing')
        throw ApiError.invalid(`There is no monitor ${item.monitor}.`, 'item.monitor');
      if (choice === 'fanTaken')
        throw ApiError.invalid(
          `Monitor ${item.monitor} drives another storage's fan controller; choose another monitor.`,
          'item.monitor',
        );
    }
    const problem = checkStorageLayout(item, account.segment);
    if (problem) throw ApiError.invalid(problem.message, problem.path);
    await this.checkAlertMessaging(accountId, existing, item);

    const sensorIds = probesOf(item);
    await this.checkProbes(accountId, existing?.id, sensorIds);

    const now = this.nowS();
    const values = storageValues(item, {
      ownerId: accountId,
      bsId: station.id,
      byUserId: actor.user.id,
      nowS: now,
    });
    let id: number;
    try {
      id = await this.repo.transaction(async (trx) => {
        if (!existing) return this.repo.insert(trx, values, now, sensorIds);
        await this.repo.replace(trx, existing.id, values, sensorIds);
        return existing.id;
      });
    } catch (err) {
      // Another save placed one of these probes in the meantime; the store kept one storage per probe.
      if (isUniqueViolation(err))
        throw ApiError.invalid('A probe of this storage was just placed in another storage.', 'item');
      throw err;
    }
    return presentStorage((await this.repo.findById(id)) as StorageRow);
  }

  /** POST /client/removeStorage: its probes become free to place in another storage. */
  async remove(actor: Actor, uid: number | undefined, itemID: number): Promise<void> {
    const existing = await this.storageFor(actor, uid, itemID);
    this.access.assertMayChange(actor, 'removeStorage');
    await this.repo.remove(existing.id);
  }

  /** The storage, when the caller may see its account (and UID, if given, names that account). */
  async storageFor(actor: Actor, uid: number | undefined, itemID: number): Promise<StorageRow> {
    const row = await this.repo.findById(itemID);
    if (!row || !this.access.canSeeAccount(actor, row.owner_user_id)) throw noSuchStorage();
    if (uid !== undefined && (await this.access.accountIdFor(actor, uid)) !== row.owner_user_id)
      throw noSuchStorage();
    return row;
  }

  /**
   * Spec doc 3 §5: the probes placed are the account's own, and none is in another of its storages.
   * An unknown probe is refused like another account's, so ids cannot be probed.
   */
  private async checkProbes(accountId: number, storageId: number | undefined, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const owners = new Map(
      (await this.stations.probesWithStation(ids)).map((p) => [p.sensor_id, p.owner_user_id]),
    );
    const stranger = ids.find((id) => owners.get(id) !== accountId);
    if (stranger) throw ApiError.forbidden(`Probe ${stranger} is not one of this account's probes.`);
    const held = (await this.repo.holdersOf(accountId, ids)).find((h) => h.storage_id !== storageId);
    if (held) throw ApiError.invalid(`Probe ${held.sensor_id} is already in storage "${held.name}".`, 'item');
  }

  /** Alerts reach only users of the storage's account; voice and Sentinel need the account's right. */
  private async checkAlertMessaging(
    accountId: number,
    existing: StorageRow | undefined,
    item: StorageInput,
  ): Promise<void> {
    if (!item.alertMessaging) return;
    const [contacts, rights] = await Promise.all([
      this.contacts.contactsOf(accountId),
      this.contacts.rightsOf(accountId),
    ]);
    const stored = existing ? presentStorage(existing).alertMessaging : null;
    const problem = checkAlertMessaging(
      item.alertMessaging,
      stored,
      new Set(contacts.map((c) => c.id)),
      rights,
    );
    if (problem) throw problem;
  }
}

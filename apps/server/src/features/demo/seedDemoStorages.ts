import type { Store } from '../../db/createDatabase.js';
import { BaseStationRepository } from '../base-stations/index.js';
import {
  checkStorageLayout,
  probesOf,
  StorageRepository,
  storageValues,
  type StorageValues,
} from '../storages/index.js';
import { DEMO_ACCOUNTS } from './demoAccounts.js';
import { demoStorages, type DemoStorage } from './demoStorages.js';

/**
 * Gives each demo account its storages (demoStorages.ts) once: an account that has any storage keeps
 * what it has, so a second start changes nothing and a user's own storages are never overwritten.
 * A store seeded before storages existed gets them on its next start. Probes the account no longer
 * owns are left out and a storage whose station is no longer the account's is skipped, so the seed
 * only ever writes what a save would accept; a layout the save checks would refuse is a bug and
 * stops the start.
 */
export async function seedDemoStorages(store: Store, nowS: number): Promise<{ created: number }> {
  const { db } = store;
  const repo = new StorageRepository(db);
  const stations = new BaseStationRepository(db);
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const items = demoStorages(account);
    if (items.length === 0) continue;
    const user = await db
      .selectFrom('users')
      .select(['id', 'segment'])
      .where('username', '=', account.username)
      .executeTakeFirst();
    if (!user) continue;
    if ((await repo.listByOwners([user.id])).length > 0) continue;

    const ids = items.flatMap((i) => probesOf(i));
    const owned = new Set(
      (await stations.probesWithStation(ids))
        .filter((p) => p.owner_user_id === user.id)
        .map((p) => p.sensor_id),
    );
    const writes: { values: StorageValues; sensorIds: string[] }[] = [];
    for (const full of items) {
      const station = await stations.findById(full.BS_ID);
      if (!station || station.owner_user_id !== user.id) continue;
      const item = keepOnly(full, owned);
      const problem = checkStorageLayout(item, user.segment);
      if (problem) throw new Error(`Demo storage "${item.name}": ${problem.message} (${problem.path})`);
      writes.push({
        values: storageValues(item, { ownerId: user.id, bsId: item.BS_ID, byUserId: user.id, nowS }),
        sensorIds: probesOf(item),
      });
    }
    await repo.transaction(async (trx) => {
      for (const w of writes) await repo.insert(trx, w.values, nowS, w.sensorIds);
    });
    created += writes.length;
  }
  return { created };
}

/** The storage with only the probes in `owned`. */
function keepOnly(item: DemoStorage, owned: ReadonlySet<string>): DemoStorage {
  return {
    ...item,
    sensor_layout: item.sensor_layout && {
      ...item.sensor_layout,
      sensors: item.sensor_layout.sensors.filter((s) => owned.has(s.id)),
    },
    stacks: item.stacks.map((s) => ({ ...s, sensors: s.sensors.filter((p) => owned.has(p.id)) })),
  };
}

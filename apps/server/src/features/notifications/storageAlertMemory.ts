import type { RuleEffect } from '@emberwatch/shared/domain/rules/ruleEffects';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Engine } from '../../db/engine.js';
import { raiseStored } from './notifications.repository.js';

/** What a storage's remembered alerts keep: enough to tell of them after they ended. */
export interface StorageAlertMemory {
  name: string;
  bs: string;
  /** Tenths of °C; null when only low (MIN) alerts were raised. */
  maxTemp: number | null;
  probeIDs: string[];
}

const hotter = (a: number | null | undefined, b: number | null | undefined): number | null => {
  const values = [a, b].filter((v): v is number => typeof v === 'number');
  return values.length > 0 ? Math.max(...values) : null;
};

export function mergeMemory(old: StorageAlertMemory | null, next: StorageAlertMemory): StorageAlertMemory {
  if (!old) return next;
  return {
    name: next.name,
    bs: next.bs,
    maxTemp: hotter(old.maxTemp, next.maxTemp),
    probeIDs: [...new Set([...(old.probeIDs ?? []), ...next.probeIDs])].sort(),
  };
}

/**
 * The monitors' alert recorder (MonitorEvaluator.onAlertEffects): inside the alert's own transaction,
 * and only through `trx`, each storage of the monitor whose probe raised an alert gets its storageMax
 * memory raised (so an alert that comes and goes between two looks is still told); an alert that ends
 * leaves its final peak there. Only the storages of this monitor holding the alert's probe.
 */
export async function recordStorageAlerts(
  trx: Kysely<Database>,
  engine: Engine,
  source: { ownerId: number; monitorId: number },
  effects: readonly RuleEffect[],
  nowS: number,
): Promise<void> {
  const alerts = effects.flatMap((e) =>
    e.type === 'raise' || e.type === 'clear' ? [{ raised: e.type === 'raise', alert: e.alert }] : [],
  );
  if (alerts.length === 0) return;
  const sensors = [...new Set(alerts.map((a) => a.alert.sensor_id))];
  const rows = await trx
    .selectFrom('storage_probes')
    .innerJoin('storages', 'storages.id', 'storage_probes.storage_id')
    .select(['storages.id', 'storages.name', 'storages.bs_id', 'storage_probes.sensor_id'])
    .where('storages.owner_user_id', '=', source.ownerId)
    .where('storages.monitor_id', '=', source.monitorId)
    .where('storage_probes.sensor_id', 'in', sensors)
    .orderBy('storages.id')
    .execute();
  const storages = new Map<number, { name: string; bs: string; sensors: Set<string> }>();
  for (const r of rows) {
    const s = storages.get(r.id) ?? { name: r.name, bs: r.bs_id, sensors: new Set<string>() };
    s.sensors.add(r.sensor_id);
    storages.set(r.id, s);
  }
  for (const [itemID, s] of storages) {
    const mine = alerts.filter((a) => s.sensors.has(a.alert.sensor_id));
    for (const mode of ['raise', 'update'] as const) {
      const these = mine.filter((a) => a.raised === (mode === 'raise'));
      if (these.length === 0) continue;
      const highs = these.filter((a) => !a.alert.isMin).map((a) => a.alert.peak);
      await raiseStored<StorageAlertMemory>(
        trx,
        engine,
        {
          ownerId: source.ownerId,
          kind: 'storageMax',
          subject: String(itemID),
          nowS,
          count: these.length,
          params: {
            name: s.name,
            bs: s.bs,
            maxTemp: highs.length > 0 ? Math.max(...highs) : null,
            probeIDs: mode === 'raise' ? [...new Set(these.map((a) => a.alert.sensor_id))].sort() : [],
          },
        },
        mergeMemory,
        mode,
      );
    }
  }
}

import { join } from 'node:path';
import { openStore } from '../../apps/server/src/db/createDatabase.js';
import { stationId } from './benchServer.js';

/**
 * Writes `storages` storages over every probe of a benchmark store (probe ids `B<station>P<probe>`,
 * spread evenly in order), each with a monitor of its own holding its share of `rules` rules, as
 * `rulesOf(count)` makes them. Straight to the store (SQLite, or PostgreSQL's schema), before the server starts.
 */
export async function seedMonitoredStorages(opts: {
  dataDir: string;
  stations: number;
  probes: number;
  storages: number;
  rules: number;
  rulesOf: (count: number) => object[];
  /** PostgreSQL: the bench database and the run's schema (default: the SQLite file in dataDir). */
  databaseUrl?: string;
  pgSchema?: string;
}): Promise<void> {
  const store = openStore({
    databaseUrl: opts.databaseUrl,
    sqlitePath: join(opts.dataDir, 'emberwatch.db'),
    ...(opts.pgSchema ? { pgSchema: opts.pgSchema } : {}),
  });
  try {
    const owner = await store.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const probes: { station: number; probe: number }[] = [];
    for (let s = 0; s < opts.stations; s++)
      for (let p = 0; p < opts.probes; p++) probes.push({ station: s, probe: p });
    const n = opts.storages;
    for (let i = 0; i < n; i++) {
      const mine = probes.slice(
        Math.floor((i * probes.length) / n),
        Math.floor(((i + 1) * probes.length) / n),
      );
      const ruleCount = Math.floor(((i + 1) * opts.rules) / n) - Math.floor((i * opts.rules) / n);
      await store.db
        .insertInto('monitors')
        .values({
          owner_user_id: owner.id,
          item_id: i + 1,
          name: `Bench ${i + 1}`,
          default_monitor: 0,
          compost: 0,
          demo_type: null,
          rules: JSON.stringify(opts.rulesOf(ruleCount)),
          created_ts: now,
          updated_ts: now,
          updated_by: null,
        })
        .execute();
      const storage = await store.db
        .insertInto('storages')
        .values({
          owner_user_id: owner.id,
          bs_id: stationId(mine[0]!.station),
          name: `Bench storage ${i + 1}`,
          type: 'hay',
          capacity: null,
          layout_type: null,
          sensor_layout: null,
          stacks: '[]',
          monitor_id: i + 1,
          layout_prefs: null,
          alert_messaging: null,
          quality_period: null,
          created_ts: now,
          updated_ts: now,
          updated_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await store.db
        .insertInto('storage_probes')
        .values(
          mine.map((m) => ({
            storage_id: storage.id,
            owner_user_id: owner.id,
            sensor_id: `B${m.station}P${m.probe}`,
          })),
        )
        .execute();
    }
  } finally {
    await store.close();
  }
}

import type { Store } from '../../apps/server/src/db/createDatabase.js';

/**
 * Registers hay probes (three depths) on a station straight in the store, 100 rows a statement:
 * the benchmarks that read data (quality, export) seed without going through ingest.
 */
export async function insertHayProbes(
  db: Store['db'],
  bsId: string,
  ids: readonly string[],
  nowS: number,
  name: (id: string) => string | null = () => null,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 100)
    await db
      .insertInto('probes')
      .values(
        ids.slice(i, i + 100).map((sensor_id) => ({
          sensor_id,
          bs_id: bsId,
          sensor_name: name(sensor_id),
          kind: 'H',
          depths: 3,
          disabled: 0,
          storage_location: null,
          col: null,
          real_bs: bsId,
          created_ts: nowS,
          corrections: null,
          measurement_interval: null,
          receiving_time: null,
        })),
      )
      .execute();
}

import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The console's station picker (decision 0088) finds probes by their id's start and lists stations
 * by id, in code-point order on both engines. SQLite's primary keys already are in that order (it
 * compares bytes); PostgreSQL's follow the database's collation, which need not be "C", and then
 * cannot serve `sensor_id collate "C" > …` nor `order by id collate "C"`: these two indexes can,
 * so a search over half a million probes reads only the ids it answers with.
 */
export function adminSearchIndexesMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`create index probes_sensor_id_c_idx on probes (sensor_id collate "C")`.execute(db);
      await sql`create index base_stations_id_c_idx on base_stations (id collate "C")`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql`drop index probes_sensor_id_c_idx`.execute(db);
      await sql`drop index base_stations_id_c_idx`.execute(db);
    },
  };
}

import { toMicroDegrees } from '@emberwatch/shared/domain/customers/customerLocation';
import type { Store } from '../../db/createDatabase.js';
import { customersDb } from './customers.tables.js';

/** Where the demo's farms are (decision 0098): each near a place its country and material suit. */
export const DEMO_LOCATIONS: Readonly<Record<string, { lat: number; lon: number }>> = {
  'hay@demo.emberwatch': { lat: 62.7903, lon: 22.8403 }, // Seinäjoki, Finland
  'grain@demo.emberwatch': { lat: 41.878, lon: -93.0977 }, // Iowa, United States
  'compost@demo.emberwatch': { lat: 52.2215, lon: 5.4556 }, // Gelderland, the Netherlands
  'master@demo.emberwatch': { lat: 60.1699, lon: 24.9384 }, // Helsinki, Finland
  'renew@demo.emberwatch': { lat: -34.9285, lon: 138.6007 }, // Adelaide, Australia
};

/** Gives the demo accounts that have none their location, so the console's map has points to show. */
export async function seedDemoLocations(store: Store, nowS: number): Promise<void> {
  const db = customersDb(store.db);
  const users = await db
    .selectFrom('users')
    .leftJoin('customer_locations as l', 'l.owner_user_id', 'users.id')
    .select(['users.id', 'users.username'])
    .where('users.username', 'in', Object.keys(DEMO_LOCATIONS))
    .where('l.owner_user_id', 'is', null)
    .execute();
  for (const u of users) {
    const at = DEMO_LOCATIONS[u.username]!;
    await db
      .insertInto('customer_locations')
      .values({
        owner_user_id: u.id,
        lat_e6: toMicroDegrees(at.lat),
        lon_e6: toMicroDegrees(at.lon),
        set_ts: nowS,
        set_by_user_id: null,
      })
      .execute();
  }
}

import type { Store } from '../../db/createDatabase.js';
import { BaseStationRepository } from '../base-stations/index.js';
import { issueStationSecret } from '../ingest/index.js';
import { hashPassword } from '../sessions/index.js';
import { newUserRow } from '../../db/newUserRow.js';

/** The demo's card-paying farm (decision 0056): its plan and a SIM run out soon, so both may be renewed. */
export const DEMO_PAYMENTS_ACCOUNT = {
  username: 'renew@demo.emberwatch',
  firstname: 'Sam',
  lastname: 'Outback Hay Contractors',
  bsId: 'F1900101',
  probes: ['H95501', 'H95502'],
  planDueInDays: 20,
  simDueInDays: 10,
} as const;

const DAY = 86_400;

/**
 * Adds the payments demo account once: an Australian hay contractor on Premium whose plan expires in
 * 20 days and whose station's SIM expires in 10 — the other demo farms renew by invoice (supervisors)
 * or through support (the Insight service outside Australia), so without it the demo could not show a
 * card payment. Its station and its two probes send nothing (the simulator plays the other farms).
 */
export async function seedDemoPayments(store: Store, nowS: number, password: string): Promise<boolean> {
  const { db } = store;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', DEMO_PAYMENTS_ACCOUNT.username)
    .executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values(
        newUserRow({
          username: DEMO_PAYMENTS_ACCOUNT.username,
          password_hash: passwordHash,
          firstname: DEMO_PAYMENTS_ACCOUNT.firstname,
          lastname: DEMO_PAYMENTS_ACCOUNT.lastname,
          email: 'renew@example.com',
          country: 'au',
          plan_name: 'Premium',
          plan_level: 2,
          plan_due_ts: nowS + DEMO_PAYMENTS_ACCOUNT.planDueInDays * DAY,
          storages_enabled: 1,
          created_ts: nowS,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const stations = new BaseStationRepository(trx);
    if (await stations.findById(DEMO_PAYMENTS_ACCOUNT.bsId)) return;
    await stations.insertStation({
      id: DEMO_PAYMENTS_ACCOUNT.bsId,
      owner_user_id: user.id,
      bs_group: null,
      display_name: 'Outback shed',
      timezone: 'Australia/Sydney',
      bs_type: null,
      version: null,
      firmware: null,
      sim: null,
      sim_exp_ts: nowS + DEMO_PAYMENTS_ACCOUNT.simDueInDays * DAY,
      activation_ts: nowS,
      last_boot_ts: null,
      last_conf_ts: null,
      last_data_ts: null,
      credential_hash: issueStationSecret().hash,
      created_ts: nowS,
    });
    // Two probes, so that the app does not ask to activate some (they have sent nothing yet).
    await stations.insertProbes(
      DEMO_PAYMENTS_ACCOUNT.probes.map((sensorId) => ({
        sensor_id: sensorId,
        bs_id: DEMO_PAYMENTS_ACCOUNT.bsId,
        sensor_name: null,
        kind: 'hay',
        depths: 3,
        disabled: 0,
        storage_location: null,
        col: null,
        real_bs: null,
        created_ts: nowS,
      })),
    );
  });
  return true;
}

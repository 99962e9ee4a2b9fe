import type { Store } from '../../db/createDatabase.js';
import { DEMO_ACCOUNTS } from './demoAccounts.js';
import { demoAlertMessaging, demoMonitors } from './demoMonitors.js';

/**
 * Gives each demo account its monitors (demoMonitors.ts) and sets them on the account's storages,
 * with alert messaging to the owner by e-mail and SMS (and for the hay farm, whose voice calls it
 * switches on, a call from the heating station's storage),
 * once: only an account without any monitor whose storages have never been saved since the seed
 * (created_ts = updated_ts, none with a monitor) gets them. A store seeded before monitors existed
 * gets them on its next start; a user who removed the demo monitors (which needs a storage saved
 * without its monitor first) does not get them back.
 */
export async function seedDemoMonitors(store: Store, nowS: number): Promise<{ created: number }> {
  const { db } = store;
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const monitors = demoMonitors(account);
    if (monitors.length === 0) continue;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', account.username)
      .executeTakeFirst();
    if (!user) continue;
    const hasMonitor = await db
      .selectFrom('monitors')
      .select('item_id')
      .where('owner_user_id', '=', user.id)
      .executeTakeFirst();
    if (hasMonitor) continue;
    const storages = await db
      .selectFrom('storages')
      .select(['id', 'bs_id', 'monitor_id', 'created_ts', 'updated_ts'])
      .where('owner_user_id', '=', user.id)
      .execute();
    if (storages.length === 0) continue;
    if (storages.some((s) => s.monitor_id !== null || s.created_ts !== s.updated_ts)) continue;

    const materialOf = new Map(account.stations.map((s) => [s.id, s.material]));
    // The stations whose stacks the simulator heats: their storages call.
    const calling = new Set(account.stations.filter((s) => s.heating).map((s) => s.id));
    await db.transaction().execute(async (trx) => {
      for (const [index, { material, item }] of monitors.entries()) {
        const itemId = index + 1;
        await trx
          .insertInto('monitors')
          .values({
            owner_user_id: user.id,
            item_id: itemId,
            name: item.name,
            default_monitor: item.defaultMonitor ? 1 : 0,
            compost: item.compost ? 1 : 0,
            demo_type: null,
            rules: JSON.stringify(item.rules.map((r) => ({ ...r, ruleChanged: null }))),
            created_ts: nowS,
            updated_ts: nowS,
            updated_by: user.id,
          })
          .execute();
        const ids = storages.filter((s) => materialOf.get(s.bs_id) === material).map((s) => s.id);
        // The storage keeps its seed time as updated_ts: the seed set the monitor, not the user. Its
        // alerts go to the owner by e-mail and SMS (issue 12: the demo shows the whole path), and on
        // the heating station of an account with voice calls by a call too (decision 0072).
        for (const s of storages.filter((x) => ids.includes(x.id))) {
          const voice = account.voiceCalls === true && calling.has(s.bs_id);
          await trx
            .updateTable('storages')
            .set({ monitor_id: itemId, alert_messaging: JSON.stringify(demoAlertMessaging(user.id, voice)) })
            .where('id', '=', s.id)
            .execute();
        }
      }
      if (account.voiceCalls)
        await trx.updateTable('users').set({ voice_call_enabled: 1 }).where('id', '=', user.id).execute();
    });
    created += monitors.length;
  }
  return { created };
}

import { existsSync, readFileSync } from 'node:fs';
import { decideFan } from '@emberwatch/shared/domain/fans/decideFan';
import { offlineRuleOf } from '@emberwatch/shared/domain/fans/offlineRule';
import type { ControllerType } from '@emberwatch/shared/domain/kinds/controllerTypes';
import type { Store } from '../../db/createDatabase.js';
import { fansDb, issueControllerSecret, type FansDb } from '../fans/index.js';
import {
  DEMO_FAN_CONTROLLERS,
  DEMO_OUTDOOR_PROBE,
  demoFanMonitor,
  type DemoFanController,
} from './demoFans.js';
import type { DemoStationsFile } from './seedDemo.js';

export type DemoFanControllerEntry = NonNullable<DemoStationsFile['fan_controllers']>[number];

/** A channel no decision has touched: no rule, fan off (the fans feature decides it within 15 s). */
function untouchedState(nowS: number): string {
  return JSON.stringify(
    decideFan({
      rule: null,
      manual: { isManual: false, manualCommand: 0 },
      readings: [],
      outdoor: null,
      material: 'other',
      timeZone: null,
      previous: null,
      nowS,
    }).state,
  );
}

interface AccountPlan {
  userId: number;
  controllers: { def: DemoFanController; storageIds: (number | null)[] }[];
}

/**
 * What an account gets, or null when it must be left alone: it has a fan controller already (its
 * own, or the demo's from an earlier start), or a storage a demo fan serves is missing or has been
 * saved since the seed (created_ts ≠ updated_ts: the user's now).
 */
async function planAccount(db: FansDb, account: string): Promise<AccountPlan | null> {
  const user = await db.selectFrom('users').select('id').where('username', '=', account).executeTakeFirst();
  if (!user) return null;
  const defs = DEMO_FAN_CONTROLLERS.filter((c) => c.account === account);
  const taken = await db
    .selectFrom('fan_controllers')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('owner_user_id', '=', user.id),
        eb(
          'id',
          'in',
          defs.map((d) => d.fcId),
        ),
      ]),
    )
    .executeTakeFirst();
  if (taken) return null;
  const storages = await db
    .selectFrom('storages')
    .select(['id', 'name', 'created_ts', 'updated_ts'])
    .where('owner_user_id', '=', user.id)
    .execute();
  const controllers: AccountPlan['controllers'] = [];
  for (const def of defs) {
    const storageIds: (number | null)[] = [];
    for (const ch of def.channels) {
      if (!ch.storage) {
        storageIds.push(null);
        continue;
      }
      const s = storages.find((x) => x.name === ch.storage);
      if (!s || s.created_ts !== s.updated_ts) return null;
      storageIds.push(s.id);
    }
    controllers.push({ def, storageIds });
  }
  return { userId: user.id, controllers };
}

/**
 * Registers an account's demo fan controllers with their channels, the outdoor probe (grain), and
 * the aeration monitor, which the served storages then use; answers the secrets issued.
 */
async function createAccountFans(
  db: FansDb,
  account: string,
  plan: AccountPlan,
  nowS: number,
): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  const monitor = demoFanMonitor(account);
  const state = untouchedState(nowS);
  const offline = JSON.stringify(offlineRuleOf(null, { isManual: false, manualCommand: 0 }));
  await db.transaction().execute(async (trx) => {
    const outdoor = account === 'grain@demo.emberwatch' ? DEMO_OUTDOOR_PROBE : null;
    if (outdoor) {
      const station = await trx
        .selectFrom('base_stations')
        .select('owner_user_id')
        .where('id', '=', outdoor.bsId)
        .executeTakeFirst();
      const probe = await trx
        .selectFrom('probes')
        .select('sensor_id')
        .where('sensor_id', '=', outdoor.sensorId)
        .executeTakeFirst();
      if (station?.owner_user_id === plan.userId && !probe)
        await trx
          .insertInto('probes')
          .values({
            sensor_id: outdoor.sensorId,
            bs_id: outdoor.bsId,
            sensor_name: outdoor.name,
            kind: 'grain',
            depths: outdoor.depths,
            disabled: 0,
            storage_location: null,
            col: null,
            real_bs: outdoor.bsId,
            created_ts: nowS,
          })
          .execute();
    }
    let monitorId: number | null = null;
    if (monitor) {
      const max = await trx
        .selectFrom('monitors')
        .select((eb) => eb.fn.max('item_id').as('max'))
        .where('owner_user_id', '=', plan.userId)
        .executeTakeFirst();
      monitorId = Number(max?.max ?? 0) + 1;
      await trx
        .insertInto('monitors')
        .values({
          owner_user_id: plan.userId,
          item_id: monitorId,
          name: monitor.name,
          default_monitor: monitor.defaultMonitor ? 1 : 0,
          compost: monitor.compost ? 1 : 0,
          demo_type: null,
          rules: JSON.stringify(monitor.rules.map((r) => ({ ...r, ruleChanged: null }))),
          created_ts: nowS,
          updated_ts: nowS,
          updated_by: plan.userId,
        })
        .execute();
    }
    for (const { def, storageIds } of plan.controllers) {
      const { secret, hash } = issueControllerSecret();
      secrets.set(def.fcId, secret);
      await trx
        .insertInto('fan_controllers')
        .values({
          id: def.fcId,
          owner_user_id: plan.userId,
          type: def.type satisfies ControllerType,
          channels: def.channels.length,
          name: def.name,
          secret_hash: hash,
          offline: 0,
          offline_logged: 0,
          created_ts: nowS,
        })
        .execute();
      await trx
        .insertInto('fan_channels')
        .values(
          def.channels.map((ch, i) => {
            const storageId = storageIds[i] ?? null;
            return {
              fc_id: def.fcId,
              channel: i + 1,
              name: ch.name ?? null,
              verbose: 0,
              in_use: storageId,
              use_ts: storageId === null ? null : nowS,
              outdoor_id: storageId === null ? null : (outdoor?.sensorId ?? null),
              bs_id: storageId === null ? null : (outdoor?.bsId ?? null),
              batch_ref: null,
              monitor_ref: def.monitor === 'monitorRef' ? monitorId : null,
              is_manual: 0,
              manual_command: 0,
              command: 0,
              rev: 0,
              rule_type: null,
              state,
              offline_rule: offline,
              decided_ts: null,
              counter_on: 0,
              counter_off: 0,
              switches: 0,
              updated_ts: nowS,
            };
          }),
        )
        .execute();
      // The served storages use the aeration monitor; their updated_ts stays the seed's (the seed
      // set it, not the user).
      const served = storageIds.filter((id): id is number => id !== null);
      if (monitorId !== null && def.monitor === 'storages' && served.length > 0)
        await trx.updateTable('storages').set({ monitor_id: monitorId }).where('id', 'in', served).execute();
    }
  });
  return secrets;
}

/** The probes of each channel's storage: what the simulator cools while that channel's fan runs. */
async function aerated(db: FansDb, fcId: string): Promise<DemoFanControllerEntry['aerates']> {
  const rows = await db
    .selectFrom('fan_channels as c')
    .innerJoin('storage_probes as sp', 'sp.storage_id', 'c.in_use')
    .select(['c.channel', 'sp.sensor_id'])
    .where('c.fc_id', '=', fcId)
    .orderBy('c.channel')
    .orderBy('sp.sensor_id')
    .execute();
  const out: DemoFanControllerEntry['aerates'] = [];
  for (const r of rows) {
    const last = out.at(-1);
    if (last?.channel === r.channel) last.sensor_ids.push(r.sensor_id);
    else out.push({ channel: r.channel, sensor_ids: [r.sensor_id] });
  }
  return out;
}

/**
 * Gives the demo accounts their fans (demoFans.ts) once, and keeps the stations file able to play
 * them: every demo controller registered to its demo account gets an entry with its secret (a
 * controller the file has lost is issued a new secret, as lost station credentials are), and the
 * outdoor probe is in its station's probes, marked `outdoor`. Returns the ids of the controllers
 * created now, and the file's content when it changed (the caller writes it).
 */
export async function seedDemoFans(
  store: Store,
  file: string,
  nowS: number,
): Promise<{ created: string[]; stations: DemoStationsFile | null }> {
  const db = fansDb(store.db);
  if (!existsSync(file)) return { created: [], stations: null };
  const content = JSON.parse(readFileSync(file, 'utf8')) as DemoStationsFile;
  const before = JSON.stringify(content);
  const secrets = new Map<string, string>();
  const created: string[] = [];

  for (const account of [...new Set(DEMO_FAN_CONTROLLERS.map((c) => c.account))]) {
    const plan = await planAccount(db, account);
    if (!plan) continue;
    for (const [id, secret] of await createAccountFans(db, account, plan, nowS)) {
      secrets.set(id, secret);
      created.push(id);
    }
  }

  const entries: DemoFanControllerEntry[] = [];
  for (const def of DEMO_FAN_CONTROLLERS) {
    const row = await db
      .selectFrom('fan_controllers as f')
      .innerJoin('users as u', 'u.id', 'f.owner_user_id')
      .select(['f.id', 'f.channels', 'u.username'])
      .where('f.id', '=', def.fcId)
      .executeTakeFirst();
    if (!row || row.username !== def.account) continue;
    let secret = secrets.get(def.fcId) ?? content.fan_controllers?.find((e) => e.fc_id === def.fcId)?.secret;
    if (!secret) {
      const issued = issueControllerSecret();
      await db
        .updateTable('fan_controllers')
        .set({ secret_hash: issued.hash })
        .where('id', '=', def.fcId)
        .execute();
      secret = issued.secret;
    }
    entries.push({ fc_id: def.fcId, secret, channels: row.channels, aerates: await aerated(db, def.fcId) });
  }
  if (entries.length > 0) content.fan_controllers = entries;

  const outdoor = await db
    .selectFrom('probes')
    .select(['sensor_id', 'bs_id', 'depths'])
    .where('sensor_id', '=', DEMO_OUTDOOR_PROBE.sensorId)
    .executeTakeFirst();
  const station = content.stations.find((s) => s.bs_id === DEMO_OUTDOOR_PROBE.bsId);
  if (outdoor?.bs_id === DEMO_OUTDOOR_PROBE.bsId && station) {
    station.probes = [
      ...station.probes.filter((p) => p.sensor_id !== outdoor.sensor_id),
      { sensor_id: outdoor.sensor_id, depths: outdoor.depths, outdoor: true },
    ];
  }
  return { created, stations: JSON.stringify(content) === before ? null : content };
}

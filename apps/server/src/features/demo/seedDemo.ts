import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Store } from '../../db/createDatabase.js';
import { seedDemoKits } from '../activation/index.js';
import { seedDemoLocations } from '../customers/index.js';
import { seedDemoPayments } from '../payments/index.js';
import { issueStationSecret } from '../ingest/index.js';
import { hashPassword } from '../sessions/index.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoPrefs,
  demoProbeIds,
  demoProbeName,
  demoStationProbes,
  type Material,
} from './demoAccounts.js';
import { seedDemoFans } from './seedDemoFans.js';
import { seedDemoMonitors } from './seedDemoMonitors.js';
import { seedDemoStorages } from './seedDemoStorages.js';

export interface DemoStationsFile {
  url: string;
  stations: {
    bs_id: string;
    secret: string;
    material: Material;
    /** `outdoor`: the probe reads the outdoor air (the simulator plays its outdoor model). */
    probes: { sensor_id: string; depths: number; heating?: number; outdoor?: boolean }[];
    /** What the station reports when it boots, so the simulator plays the seeded model. */
    identity: { bs_type: number; version: string; firmware: string };
  }[];
  /**
   * The demo's fan controllers (seedDemoFans.ts) with their secrets, and the probes each channel's
   * fan blows through (the simulator cools them while it runs).
   */
  fan_controllers?: {
    fc_id: string;
    secret: string;
    channels: number;
    aerates: { channel: number; sensor_ids: string[] }[];
  }[];
}

export const DEMO_STATIONS_FILE = 'demo-stations.json';

/**
 * Creates the demo accounts once, on an empty store, gives them their storages (seedDemoStorages.ts)
 * monitors (seedDemoMonitors.ts) and fans (seedDemoFans.ts) and writes the demo stations' credentials for the simulator (docs/base-station-protocol.md). Later
 * starts keep the accounts and their data; the credentials file is only rewritten (with fresh
 * secrets) when it is missing.
 */
export async function seedDemo(
  store: Store,
  dataDir: string,
  url: string,
  nowS: number,
  opts: { monitors?: boolean; fans?: boolean } = {},
): Promise<{ created: boolean; file: string }> {
  const seeded = await seedDemoAccounts(store, dataDir, url, nowS);
  await seedDemoStorages(store, nowS);
  await seedDemoKits(store, nowS);
  // A card-paying farm whose plan and SIM may be renewed (decision 0056).
  await seedDemoPayments(store, nowS, DEMO_PASSWORD);
  // The console's customer map shows the demo farms where they are (decision 0098).
  await seedDemoLocations(store, nowS);
  // Tests of other features start from accounts without monitors (they create their own).
  if (opts.monitors !== false) await seedDemoMonitors(store, nowS);
  // Their fans bring their own monitors and controllers: off with the monitors unless asked for.
  if (opts.fans ?? opts.monitors !== false) {
    const fans = await seedDemoFans(store, seeded.file, nowS);
    if (fans.stations) writeStationsFile(seeded.file, fans.stations);
  }
  return seeded;
}

async function seedDemoAccounts(
  store: Store,
  dataDir: string,
  url: string,
  nowS: number,
): Promise<{ created: boolean; file: string }> {
  const file = resolve(dataDir, DEMO_STATIONS_FILE);
  const { db } = store;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'hay@demo.emberwatch')
    .executeTakeFirst();
  const secrets = new Map<string, string>();

  if (!existing) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction().execute(async (trx) => {
      const ids = new Map<string, number>();
      // Main users first: sub-users and masters refer to them.
      const ordered = [...DEMO_ACCOUNTS].sort(
        (a, b) => Number(Boolean(a.mainUser || a.master)) - Number(Boolean(b.mainUser || b.master)),
      );
      for (const a of ordered) {
        const row = await trx
          .insertInto('users')
          .values({
            username: a.username,
            password_hash: passwordHash,
            firstname: a.firstname,
            lastname: a.lastname,
            email: a.username.replace('@demo.emberwatch', '@example.com'),
            phone: a.phone ?? null,
            country: a.country,
            language: a.language,
            admin: a.admin ? 1 : 0,
            admin_group: a.admin ? a.admin.group : null,
            master: a.master ? 1 : 0,
            grand_master: 0,
            translator: 0,
            translator_locales: '[]',
            main_user_id: a.mainUser ? (ids.get(a.mainUser) ?? null) : null,
            partner_app: null,
            plan_name: a.planName,
            plan_level: a.planLevel,
            segment: a.segment,
            plan_due_ts: nowS + 365 * 86_400,
            service_json: a.service
              ? JSON.stringify({
                  ...a.service,
                  started: nowS - 90 * 86_400,
                  expDate: nowS + a.service.period * 30 * 86_400,
                })
              : null,
            siteindex: a.siteindex ? 1 : 0,
            storages_enabled: a.storagesEnabled ? 1 : 0,
            voice_call_enabled: 0,
            limit_free_data: 0,
            blocked: 0,
            // Demo data, not the spec's demo mode (what a user changes is saved like anywhere else),
            // except the visitor's tour, which is in demo mode (decision 0058).
            demo: a.demoMode ? 1 : 0,
            sub_user_count: 2,
            created_ts: nowS,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(a.username, row.id);
        await trx
          .insertInto('ui_preferences')
          .values({ user_id: row.id, prefs: JSON.stringify(demoPrefs(a)), updated_ts: nowS })
          .execute();
        for (const s of a.stations) {
          const { secret, hash } = issueStationSecret();
          secrets.set(s.id, secret);
          await trx
            .insertInto('base_stations')
            .values({
              id: s.id,
              owner_user_id: row.id,
              bs_group: s.group ?? null,
              display_name: s.name,
              timezone: s.timezone,
              bs_type: s.bsType,
              version: s.version,
              firmware: s.firmware,
              sim: null,
              // A year of subscription left: the demo's storages stay open and no SIM reminder shows.
              sim_exp_ts: nowS + 365 * 86_400,
              activation_ts: nowS - 400 * 86_400,
              last_boot_ts: null,
              last_conf_ts: null,
              last_data_ts: null,
              credential_hash: hash,
              created_ts: nowS,
            })
            .execute();
          const probeIds = demoProbeIds(s);
          await trx
            .insertInto('probes')
            .values(
              probeIds.map((sensor_id, i) => ({
                sensor_id,
                bs_id: s.id,
                sensor_name: demoProbeName(s, i),
                kind: s.material,
                depths: s.depths,
                disabled: 0,
                storage_location: null,
                col: null,
                real_bs: s.id,
                created_ts: nowS,
              })),
            )
            .execute();
        }
        if (a.master) {
          for (const owner of a.master.authorizedBy) {
            const ownerId = ids.get(owner);
            if (ownerId === undefined) continue;
            await trx
              .insertInto('master_authorizations')
              .values({ master_user_id: row.id, owner_user_id: ownerId, authorized: 1, created_ts: nowS })
              .execute();
          }
          for (const owner of a.master.requestedFrom ?? []) {
            const ownerId = ids.get(owner);
            if (ownerId === undefined) continue;
            await trx
              .insertInto('master_authorizations')
              .values({ master_user_id: row.id, owner_user_id: ownerId, authorized: 0, created_ts: nowS })
              .execute();
          }
        }
      }
    });
  } else if (existsSync(file)) {
    const current = JSON.parse(readFileSync(file, 'utf8')) as DemoStationsFile;
    // A file written before the demo staged its heating stack gets the flags (secrets unchanged).
    // The outdoor probe the fans' seed added (seedDemoFans.ts) stays.
    const stations = current.stations.map((s) => {
      const demo = DEMO_ACCOUNTS.flatMap((a) => a.stations).find((d) => d.id === s.bs_id);
      return demo ? { ...s, probes: [...demoStationProbes(demo), ...s.probes.filter((p) => p.outdoor)] } : s;
    });
    if (current.url !== url || JSON.stringify(stations) !== JSON.stringify(current.stations))
      writeStationsFile(file, { ...current, url, stations });
    return { created: false, file };
  } else {
    // The credentials file was lost: issue new secrets for the demo stations.
    for (const a of DEMO_ACCOUNTS) {
      for (const s of a.stations) {
        const { secret, hash } = issueStationSecret();
        secrets.set(s.id, secret);
        await db.updateTable('base_stations').set({ credential_hash: hash }).where('id', '=', s.id).execute();
      }
    }
  }

  writeStationsFile(file, {
    url,
    stations: DEMO_ACCOUNTS.flatMap((a) =>
      a.stations
        .filter((s) => secrets.has(s.id))
        .map((s) => ({
          bs_id: s.id,
          secret: secrets.get(s.id) as string,
          material: s.material,
          probes: demoStationProbes(s),
          identity: { bs_type: s.bsType, version: s.version, firmware: s.firmware },
        })),
    ),
  });
  return { created: !existing, file };
}

function writeStationsFile(file: string, content: DemoStationsFile): void {
  writeFileSync(file, JSON.stringify(content, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
}

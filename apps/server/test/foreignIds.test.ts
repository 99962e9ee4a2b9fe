import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '@emberwatch/shared/contracts/sites';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { api } from './support/probeHelpers.js';
import { fakeBrowserKeys } from './support/pushServiceStandIn.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { ATTEMPT_LOGS } from './support/storeFingerprint.js';

/**
 * Issue 28 item 3 (decision 0073): every write call whose body carries ids — of probes, stations, RC
 * units, storages, monitors, batches, users, sites, push endpoints — refuses an id of another demo
 * account with a 4xx and changes nothing in the store. Each case names the call, the caller, the body
 * with the foreign id and, where the rest of the body is not obviously valid, the same body with the
 * caller's own id, which must be taken (so a refusal cannot come from a malformed body instead).
 */

const USERS = ['hay', 'grain', 'compost', 'admin', 'hay-helper'] as const;
type Who = (typeof USERS)[number];

interface Case {
  name: string;
  who: Who;
  url: string;
  body: object;
  /** The same call with the caller's own id: taken (200). */
  own?: object;
  /** The refusal's status when not 403 (the answer for another account's id and an unknown one alike). */
  status?: number;
}

/** Tables a refused call must leave as they were (all but the login's own and the translations). */
const SKIP_TABLES = new Set(['refresh_tokens', 'translations']);

const FCM = 'https://fcm.googleapis.com/fcm/send/';

const cooldown = (FC_ID: string, outdoorID: string) => ({
  id: 1,
  type: 'COOLDOWN_CONTROL',
  settings: {
    FC_ID,
    outdoorID,
    targetTemp: 100,
    delta1: 50,
    delta2: 150,
    outdoorAgelimit: 2,
    dataAgelimit: 6,
    hysteresis: 10,
    notifications: false,
    schedulerEnabled: false,
    disabledHours: Array.from({ length: 7 }, () => [0, 0]),
    reverseDisabled: false,
  },
});
const manualRule = (FC_ID: string) => ({
  id: 1,
  type: 'MANUAL_CONTROL',
  settings: { FC_ID, notifications: false },
});
const absSettings = {
  alertLimit: 550,
  tempRef: 'SINGLE',
  refDepth: null,
  compostRule: false,
  clearMargin: 10,
  minDuration: 0,
};
const monitor = (rules: object[]) => ({
  item: { name: 'Fans', rules, defaultMonitor: false, compost: false },
});

describe(`writes that carry ids refuse other accounts' ids on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const ids = {} as Record<Who, number>;
  let tables: string[] = [];
  const cases: Case[] = [];
  const browser = fakeBrowserKeys();
  const subscription = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: browser.p256dh, auth: browser.auth },
  });

  beforeAll(async () => {
    t = await createTestApp({ demoMonitors: true, demoFans: true });
    const tokens: Record<string, string> = {};
    for (const u of USERS) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    call = api(t, tokens);
    tables = (await t.store.db.introspection.getTables())
      .map((x) => x.name)
      .filter((n) => !SKIP_TABLES.has(n) && !ATTEMPT_LOGS.has(n))
      .sort();

    // Voice calls on for hay, so its own voice hours are taken (the refusals come before that check).
    await t.store.db.updateTable('users').set({ voice_call_enabled: 1 }).where('id', '=', ids.hay).execute();
    // Objects to point at: hay's push device; compost's own batch with a turning; a batch of the grain
    // farm (as the batches feature stores it) with a turning, which compost must not touch.
    const sub = await call.post('hay', '/client/subscribePush', {
      subscription: subscription(`${FCM}hay-phone`),
      label: 'Hay phone',
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const batch = await call.post('compost', '/client/saveBatch', {
      batch: { BS_ID: 'F3000001', batch_name: 'Windrow 1', probes: ['C30001'] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const batchId = batch.json<{ result: { batch_id: number } }>().result.batch_id;
    const batchesDb = t.store.db.withTables<{
      batches: Record<string, unknown> & { id: number };
      batch_turnings: Record<string, unknown> & { id: number };
    }>();
    const grainBatch = (
      await batchesDb
        .insertInto('batches')
        .values({
          owner_user_id: ids.grain,
          bs_id: 'F2000001',
          name: 'Grain batch',
          status: 2,
          method: 'windrow',
          standard: 'epaPfrp',
          alert_temp: null,
          probes: '["G20001"]',
          notes: '',
          created_by: ids.grain,
          is_admin: 0,
          created_ts: 1_700_000_000,
          updated_ts: 1_700_000_000,
          completed_ts: 1_700_000_100,
          archived_ts: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const grainTurning = (
      await batchesDb
        .insertInto('batch_turnings')
        .values({
          batch_id: grainBatch,
          ts: 1_700_000_050,
          note: '',
          user_id: ids.grain,
          created_ts: 1_700_000_050,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    // Bodies the server itself wrote, with one id swapped for a foreign one.
    const hayStorage = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results[0]!;
    const { UID: _u, undefinedLayoutType: _l, updated_ts: _t, ...storageItem } = hayStorage;
    const [haySite] = (await call.get('hay', '/client/getSite?BS_ID=F1000001')).json<{ results: Site[] }>()
      .results;
    const { UID: _su, generated: _g, updated_ts: _st, ...sitePlan } = haySite!;
    const grainStorageId = 4;

    cases.push(
      // Monitors (issue 28: grain's probe G20099 and RC unit RC12-PRAIRIE-A saved by another account).
      {
        name: 'saveMonitor: a cooldown rule on another account’s RC unit and outdoor probe',
        who: 'compost',
        url: '/client/saveMonitor',
        body: monitor([cooldown('RC12-PRAIRIE-A', 'G20099')]),
        own: monitor([cooldown('RC12-WINDROWS-2', 'C30002')]),
      },
      {
        name: 'saveMonitor: its own RC unit, another account’s outdoor probe',
        who: 'compost',
        url: '/client/saveMonitor',
        body: monitor([cooldown('RC12-WINDROWS-2', 'G20099')]),
      },
      {
        name: 'saveMonitor: an unknown outdoor probe',
        who: 'compost',
        url: '/client/saveMonitor',
        body: monitor([cooldown('RC12-WINDROWS-2', 'C39999')]),
      },
      {
        name: 'saveMonitor: a manual rule on another account’s RC unit',
        who: 'hay',
        url: '/client/saveMonitor',
        body: monitor([manualRule('RC12-WINDROWS-1')]),
      },
      {
        name: 'saveMonitor: an unknown RC unit',
        who: 'compost',
        url: '/client/saveMonitor',
        body: monitor([manualRule('RC12-NOBODY')]),
      },
      {
        name: 'saveMonitor: another account’s monitor id',
        who: 'hay',
        url: '/client/saveMonitor',
        body: {
          item: {
            itemID: 2,
            name: 'Mine',
            rules: [{ id: 1, type: 'ABS_MAX', settings: absSettings }],
            defaultMonitor: false,
            compost: false,
          },
        },
      },
      { name: 'removeMonitor', who: 'hay', url: '/client/removeMonitor', body: { itemID: 2 } },
      {
        name: 'resetAlerts: another account’s probe',
        who: 'hay',
        url: '/client/resetAlerts',
        body: { itemID: 1, ruleId: 2, alerts: [{ sensor_id: 'G20001', depth: 0 }] },
        own: { itemID: 1, ruleId: 2, alerts: [{ sensor_id: 'H10001', depth: 0 }] },
      },
      {
        name: 'acknowledgeAlerts: another account’s probe',
        who: 'hay',
        url: '/client/acknowledgeAlerts',
        body: { itemID: 1, ruleId: 1, alerts: [{ sensor_id: 'G20001', depth: 0, ts: 1 }] },
        own: { itemID: 1, ruleId: 1, alerts: [{ sensor_id: 'H10001', depth: 0, ts: 1 }] },
      },
      // Sites.
      {
        name: 'saveSite: another account’s storage in the plan',
        who: 'hay',
        url: '/client/saveSite',
        body: { site: { ...sitePlan, siteStorages: [{ ...sitePlan.siteStorages[0]!, id: grainStorageId }] } },
        own: { site: sitePlan },
      },
      {
        name: 'saveSite: an unknown storage in the plan',
        who: 'hay',
        url: '/client/saveSite',
        body: { site: { ...sitePlan, siteStorages: [{ ...sitePlan.siteStorages[0]!, id: 999 }] } },
      },
      {
        name: 'saveSite: another account’s station',
        who: 'hay',
        url: '/client/saveSite',
        body: { site: { ...sitePlan, BS_ID: 'F2000001', siteStorages: [] } },
      },
      {
        name: 'saveSiteNames: another account’s station',
        who: 'hay',
        url: '/client/saveSiteNames',
        body: { siteNames: [{ siteUID: ids.grain, BS_ID: 'F2000001', name: 'Theirs' }] },
        own: { siteNames: [{ siteUID: ids.hay, BS_ID: 'F1000001', name: 'Ours' }] },
      },
      // Push.
      {
        name: 'unsubscribePush: another user’s endpoint',
        who: 'grain',
        url: '/client/unsubscribePush',
        body: { endpoint: `${FCM}hay-phone` },
        status: 404,
      },
      {
        name: 'subscribePush: another user’s endpoint with other keys',
        who: 'grain',
        url: '/client/subscribePush',
        body: {
          subscription: { ...subscription(`${FCM}hay-phone`), keys: fakeBrowserKeys() },
          label: 'Not mine',
        },
        status: 409,
      },
      // Storages.
      {
        name: 'saveStorage: another account’s storage id',
        who: 'hay',
        url: '/client/saveStorage',
        body: { item: { ...storageItem, itemID: grainStorageId } },
        own: { item: storageItem },
      },
      {
        name: 'saveStorage: another account’s station',
        who: 'hay',
        url: '/client/saveStorage',
        body: { item: { ...storageItem, BS_ID: 'F2000001', stacks: [] } },
      },
      {
        name: 'saveStorage: another account’s probe in a stack',
        who: 'hay',
        url: '/client/saveStorage',
        body: {
          item: {
            ...storageItem,
            stacks: storageItem.stacks.map((s, i) =>
              i === 0 ? { ...s, sensors: [{ ...s.sensors[0]!, id: 'G20001' }] } : s,
            ),
          },
        },
      },
      {
        name: 'saveStorage: another account’s monitor',
        who: 'hay',
        url: '/client/saveStorage',
        body: { item: { ...storageItem, monitor: 2 } },
        status: 400,
      },
      {
        name: 'saveStorage: another account’s user as an alert recipient',
        who: 'hay',
        url: '/client/saveStorage',
        body: {
          item: {
            ...storageItem,
            alertMessaging: {
              ...storageItem.alertMessaging!,
              sms: { ...storageItem.alertMessaging!.sms, UIDS: [ids.grain] },
            },
          },
        },
        status: 400,
      },
      {
        name: 'setCustomAlertHours: another account’s storage',
        who: 'hay',
        url: '/client/setCustomAlertHours',
        body: { itemID: grainStorageId, noCallHours: [22, 6], tempLimit: 60 },
        own: { itemID: hayStorage.itemID, noCallHours: [22, 6], tempLimit: 60 },
      },
      { name: 'removeStorage', who: 'hay', url: '/client/removeStorage', body: { itemID: grainStorageId } },
      {
        name: 'saveDataBreakSettings: another account’s storage',
        who: 'hay',
        url: '/client/saveDataBreakSettings',
        body: { delayS: 3600, storages: [{ itemID: grainStorageId, delayS: 3600 }] },
      },
      // Probes and stations.
      {
        name: 'sensorConf: another account’s probe on its own station',
        who: 'hay',
        url: '/client/sensorConf',
        body: { bs_id: 'F1000001', sensorConfigurations: [{ sensor_id_sys: 'G20001', sensor_name: 'X' }] },
        own: { bs_id: 'F1000001', sensorConfigurations: [{ sensor_id_sys: 'H10001', sensor_name: 'X' }] },
      },
      {
        name: 'sensorConf: another account’s station',
        who: 'hay',
        url: '/client/sensorConf',
        body: { bs_id: 'F2000001', sensorConfigurations: [{ sensor_id_sys: 'G20001', sensor_name: 'X' }] },
      },
      {
        name: 'toggleSensors: another account’s probe',
        who: 'hay',
        url: '/client/toggleSensors',
        body: { bs_id: 'F1000001', selected_sensor_ids: ['G20001'], is_disabled: true },
        status: 400,
      },
      {
        name: 'transferSensors: to another account’s station',
        who: 'hay',
        url: '/client/transferSensors',
        body: { currentBS: 'F1000001', selectedBS: 'F2000001', selectedSensors: ['H10014'] },
      },
      {
        name: 'transferSensors: another account’s probe',
        who: 'hay',
        url: '/client/transferSensors',
        body: { currentBS: 'F1000001', selectedBS: 'F1000002', selectedSensors: ['G20001'] },
        status: 400,
      },
      {
        name: 'updateBsDisplayName',
        who: 'hay',
        url: '/client/updateBsDisplayName',
        body: { bs_id: 'F2000001', display_name: 'Mine' },
      },
      {
        name: 'setBsTimezone',
        who: 'hay',
        url: '/client/setBsTimezone',
        body: { bs_id: 'F2000001', timezone: 'Europe/Helsinki' },
      },
      {
        name: 'acknowledgeDataBreak',
        who: 'hay',
        url: '/client/acknowledgeDataBreak',
        body: { BS_ID: 'F2000001' },
        status: 404,
      },
      // RC units.
      {
        name: 'setFcUse: another account’s RC unit',
        who: 'compost',
        url: '/fc/setFcUse',
        body: { id: 'RC12-PRAIRIE-A', channel: 1, use: 16 },
      },
      {
        name: 'setFcUse: another account’s outdoor probe and station',
        who: 'compost',
        url: '/fc/setFcUse',
        body: { id: 'RC12-WINDROWS-2', channel: 1, use: 16, outdoorID: 'G20099', BS_ID: 'F2000001' },
        status: 400,
      },
      {
        name: 'setFcUse: another account’s station',
        who: 'compost',
        url: '/fc/setFcUse',
        body: { id: 'RC12-WINDROWS-2', channel: 1, use: 16, BS_ID: 'F2000001' },
        own: { id: 'RC12-WINDROWS-2', channel: 1, use: 16, BS_ID: 'F3000001' },
        status: 400,
      },
      {
        name: 'setFcAssignment: a monitor the account does not have',
        who: 'compost',
        url: '/fc/setFcAssignment',
        body: {
          fc_id: 'RC12-WINDROWS-2',
          channel: 2,
          isManual: false,
          manualCommand: 0,
          name: 'x',
          verbose: false,
          batchRef: null,
          monitorRef: 42,
        },
        status: 400,
      },
      {
        name: 'setFcAssignment: another account’s RC unit',
        who: 'compost',
        url: '/fc/setFcAssignment',
        body: {
          fc_id: 'RC12-PRAIRIE-A',
          channel: 1,
          isManual: false,
          manualCommand: 0,
          name: 'x',
          verbose: false,
          batchRef: null,
          monitorRef: null,
        },
      },
      {
        name: 'clearFcAssignment',
        who: 'compost',
        url: '/fc/clearFcAssignment',
        body: { fc_id: 'RC12-PRAIRIE-A', channel: 1 },
      },
      {
        name: 'setFcManualCommand',
        who: 'compost',
        url: '/fc/setFcManualCommand',
        body: { fc_id: 'RC12-PRAIRIE-A', channel: 1, isManual: true, command: 1 },
      },
      {
        name: 'saveRcScheduler',
        who: 'compost',
        url: '/client/saveRcScheduler',
        body: {
          fc_id: 'RC12-PRAIRIE-A',
          scheduler: {
            schedulerEnabled: false,
            disabledHours: Array.from({ length: 7 }, () => [0, 0]),
            reverseDisabled: false,
          },
        },
      },
      // Batches (compost's batch; hay's and grain's probes and stations).
      {
        name: 'saveBatch: another account’s station',
        who: 'compost',
        url: '/client/saveBatch',
        body: { batch: { BS_ID: 'F2000001', batch_name: 'X', probes: [] } },
      },
      {
        name: 'saveBatch: another account’s probe',
        who: 'compost',
        url: '/client/saveBatch',
        body: { batch: { BS_ID: 'F3000001', batch_name: 'X', probes: ['G20001'] } },
        status: 400,
      },
      {
        name: 'saveBatch: another account’s batch',
        who: 'compost',
        url: '/client/saveBatch',
        body: { batch: { batch_id: grainBatch, BS_ID: 'F3000001', batch_name: 'X', probes: [] } },
        own: {
          batch: { batch_id: batchId, BS_ID: 'F3000001', batch_name: 'Windrow 1b', probes: ['C30001'] },
        },
      },
      {
        name: 'archiveBatches: another account’s batch',
        who: 'compost',
        url: '/client/archiveBatches',
        body: { batch_ids: [grainBatch] },
      },
      {
        name: 'saveProcessPhases: another account’s batch',
        who: 'compost',
        url: '/client/saveProcessPhases',
        body: { batch_id: grainBatch, phases: [{ phase_name: 'X', targetTemp: 55, targetHours: 72 }] },
      },
      {
        name: 'addBatchTurning: another account’s batch',
        who: 'compost',
        url: '/client/addBatchTurning',
        body: { batch_id: grainBatch },
        own: { batch_id: batchId },
      },
      {
        name: 'removeBatchTurning: another account’s batch and turning',
        who: 'compost',
        url: '/client/removeBatchTurning',
        body: { batch_id: grainBatch, id: grainTurning },
      },
      {
        name: 'removeBatchTurning: another account’s turning on its own batch',
        who: 'compost',
        url: '/client/removeBatchTurning',
        body: { batch_id: batchId, id: grainTurning },
        status: 400,
      },
      {
        name: 'setFcAssignment: another account’s batch',
        who: 'compost',
        url: '/fc/setFcAssignment',
        body: {
          fc_id: 'RC12-WINDROWS-2',
          channel: 1,
          isManual: false,
          manualCommand: 0,
          name: 'x',
          verbose: false,
          batchRef: grainBatch,
          monitorRef: null,
        },
        status: 400,
      },
      // Users and accounts.
      {
        name: 'authorizeMasterUsers: another account’s request',
        who: 'hay',
        url: '/client/authorizeMasterUsers',
        body: { authMasters: [3] },
        status: 400,
      },
      {
        name: 'updateSubUser: another account’s user',
        who: 'hay',
        url: '/client/minorUserInfo',
        body: { subUserID: ids.grain, user: { name: 'X', mobilePhone: '+12025550199' } },
      },
      {
        name: 'deleteSubUser: another account’s user',
        who: 'hay',
        url: '/client/deleteSubUser',
        body: { mainUserID: ids.hay, subUserID: ids.grain },
      },
      {
        name: 'deleteSubUser: another account as the main user',
        who: 'hay',
        url: '/client/deleteSubUser',
        body: { mainUserID: ids.grain, subUserID: ids['hay-helper'] },
      },
    );
    // Calls whose only id is the account (UID): another account's.
    for (const [url, body] of [
      ['/client/uiPrefs', { prefs: { language: 'fi' } }],
      ['/client/userInfo', { firstname: 'X' }],
      ['/client/changeUserPassword', { oldPassword: 'ember-demo', newPassword: 'another-pass-1' }],
      ['/client/addNewUser', { new_user: { name: 'X', mobilePhone: '+12025550198' } }],
      ['/client/changeUserPhone', { newPhone: '+12025550197' }],
      ['/admin/confirmMobile', { code: '1234' }],
      [
        '/client/saveInsightStorages',
        {
          storages: [
            { id: 1, name: 'Barn', type: null, capacity: 10, size: null, undefinedLayoutType: true },
          ],
        },
      ],
      ['/client/notificationsSeen', {}],
      ['/client/saveDataBreakSettings', { delayS: 3600 }],
      ['/client/rotateSentinelSecret', {}],
      ['/testSentinelCall', {}],
      ['/sentinelCall', {}],
    ] as const)
      cases.push({
        name: `${url}: another account’s UID`,
        who: 'hay',
        url,
        body: { ...body, UID: ids.grain },
      });
    // An admin may act for every account, but not with one account's id inside another's call, nor
    // with ids that do not exist.
    const unknownUser = 99_999;
    cases.push(
      {
        name: 'activateUsersSet: another account’s station',
        who: 'admin',
        url: '/admin/activateUsersSet',
        body: { BS_ID: 'F2000001', UID: ids.hay, set_id: 'HS-9001' },
        status: 400,
      },
      {
        name: 'activateKitAdmin: another account’s station',
        who: 'admin',
        url: '/admin/activateKitAdmin',
        body: { kit_id: 5, UID: ids.hay, BS_ID: 'F2000001' },
        status: 400,
      },
      {
        name: 'registerRC12: another account’s RC unit',
        who: 'admin',
        url: '/admin/registerRC12',
        body: { UID: ids.hay, fc_id: 'RC12-PRAIRIE-A', type: 'RC', channels: 6, name: 'Mine' },
        status: 400,
      },
      {
        name: 'undoBSActivation: an unknown station',
        who: 'admin',
        url: '/admin/undoBSActivation',
        body: { BS_ID: 'F9999999' },
        status: 400,
      },
      {
        name: 'removeSet: an unknown set',
        who: 'admin',
        url: '/admin/removeSet',
        body: { set_id: 'XX-0000' },
        status: 400,
      },
      ...(
        [
          ['/admin/insightHold', {}],
          ['/admin/insightFreemiumTrial', { trialDays: 30 }],
          ['/admin/insightMigration', { termsAccepted: true }],
          ['/admin/setPlanInfo', { dueDate: 1_900_000_000 }],
          ['/admin/setSentinelAlerts', { sentinelAlerts: null }],
        ] as const
      ).map(([url, body]) => ({
        name: `${url}: an unknown UID`,
        who: 'admin' as const,
        url,
        body: { ...body, UID: unknownUser },
        status: 404,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every row of every table but the skipped, in a stable order. */
  const snapshot = async (): Promise<Record<string, string[]>> => {
    const out: Record<string, string[]> = {};
    for (const name of tables) {
      // Every table by name: the store's type knows only the tables of the server's own schema file.
      const rows = await (t.store.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .selectFrom(name)
        .selectAll()
        .execute();
      out[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  };

  it('refuses each with a 4xx and changes nothing; the same call with the caller’s own id is taken', async () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const before = await snapshot();
      const res = await call.post(c.who, c.url, c.body);
      if (res.statusCode !== (c.status ?? 403)) wrong.push(`${c.name}: ${res.statusCode} ${res.body}`);
      const after = await snapshot();
      const changed = tables.filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n]));
      if (changed.length > 0) wrong.push(`${c.name}: changed ${changed.join(', ')}`);
      if (c.own) {
        const own = await call.post(c.who, c.url, c.own);
        if (own.statusCode !== 200) wrong.push(`${c.name}, own id: ${own.statusCode} ${own.body}`);
      }
    }
    expect(wrong).toEqual([]);
    // 70-odd calls, each between two snapshots of every table: seconds on a quiet machine, past the
    // default 20 s on PostgreSQL at load 18.
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { VOICE_TEST_INTERVAL_S } from '@emberwatch/shared/contracts/alertChannels';
import { PUSH_TEST_INTERVAL_S } from '@emberwatch/shared/contracts/push';
import { alertMessagingOrDefault, type Storage } from '@emberwatch/shared/contracts/storages';
import { DEMO_SURVEY_ANSWERS } from '@emberwatch/shared/domain/demoSwitch';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import {
  renderWriteRights,
  WRITE_GETS,
  WRITE_RIGHTS,
  WRITE_ROLES,
  type WriteRole,
  type WriteRightsRow,
} from '@emberwatch/shared/domain/writeRights';
import { recordConfirmedPhone } from '../src/features/account/index.js';
import { DEMO_PASSWORD } from '../src/features/demo/demoAccounts.js';
import { catalogueCallPaths, rolesDocTable, tableCells } from './support/rolesDoc.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 28: every write call of the catalogue, sent as every role, answers as the write-rights table
 * (packages/shared/src/domain/writeRights.ts, docs/roles.md) says: `no` is a 403 and changes nothing
 * the row's own test would see; `yes` and `own` are not refused for rights (401/403). What a call
 * does when allowed is each feature's own tests' business, so an allowed call may still answer 404
 * or 409 here (a kit that does not exist, a turning removed by the role before).
 */

type Account = 'hay' | 'grain' | 'compost';
/** The user playing each role for an account (the master is one user; its grand-master flag is set per call). */
const PLAYERS: Record<Account, Record<WriteRole, string>> = {
  hay: { owner: 'hay', subUser: 'hay-helper', master: 'master', grandMaster: 'master', admin: 'admin' },
  grain: { owner: 'grain', subUser: 'grain-helper', master: 'master', grandMaster: 'master', admin: 'admin' },
  compost: {
    owner: 'compost',
    subUser: 'compost-helper',
    master: 'master',
    grandMaster: 'master',
    admin: 'admin',
  },
};

interface Request {
  method: 'GET' | 'POST';
  url: string;
  body?: object;
}
interface Ctx {
  t: TestApp;
  ids: Record<string, number>;
  role: WriteRole;
  /** The account's id, for UID (sent by every role: the owner and its sub-user may name their own). */
  uid: number;
  /** Calls as the account's owner, to set up what the call works on. */
  asOwner(req: Request): Promise<{ statusCode: number; json: <T>() => T }>;
  /** Moves the server's clock on. */
  tick(seconds: number): void;
  /** Calls as the role's player, to set up its own things. */
  asCaller(req: Request): Promise<{ statusCode: number; json: <T>() => T }>;
}
interface Sample {
  account: Account;
  request(ctx: Ctx): Promise<Request> | Request;
}

const post = (url: string, body: object): Request => ({ method: 'POST', url, body });
/** The probe's ongoing verification, started by the owner when there is none. */
async function ongoingVerification(c: Ctx, probeID: string): Promise<number> {
  const list = await c.asOwner({ method: 'GET', url: `/client/getVerifications?probeID=${probeID}` });
  const found = list
    .json<{ results: { itemID: number; endDate: number | null }[] }>()
    .results.find((v) => v.endDate === null);
  if (found) return found.itemID;
  const started = await c.asOwner(
    post('/client/startVerification', {
      BS_ID: 'F1000001',
      probeID,
      verifixID: 'H10009',
      verifixBS: 'F1000001',
    }),
  );
  return started.json<{ result: { itemID: number } }>().result.itemID;
}
const gariRightsAccount = {
  gari_id: 'GA-RIGHTS',
  username: 'rights.gari',
  name: 'Rights Gari',
  phone: '+358 40 765 4321',
  stations: [{ id: 'GR000001', probes: [{ id: 'HR0001' }] }],
};
const storageInput = (over: object = {}) => ({
  name: 'Rights barn',
  type: 'Round bales',
  capacity: 10,
  BS_ID: 'F1000001',
  layoutType: null,
  sensor_layout: null,
  stacks: [],
  monitor: null,
  layout_prefs: null,
  alertMessaging: null,
  qualityPeriod: null,
  ...over,
});
const monitorItem = (over: object = {}) => ({
  name: 'Rights watch',
  rules: [{ id: 1, type: 'ABS_MAX', settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 600 } }],
  defaultMonitor: false,
  compost: false,
  ...over,
});
const sitePlan = { BS_ID: 'F1000001', columns: 30, rows: 20, showColors: true, labels: [], siteStorages: [] };
const phases = [{ phase_name: 'Thermophilic', targetTemp: 550, targetHours: 72 }];
const pushKeys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

/** A storage of the hay farm the owner made for this call (with its messaging and monitor as stored). */
async function ownersStorage(ctx: Ctx): Promise<Storage> {
  const res = await ctx.asOwner(post('/client/saveStorage', { item: storageInput() }));
  expect(res.statusCode).toBe(200);
  return res.json<{ item: Storage }>().item;
}
/** A storage as saveStorage takes it back (the answer's fields the input does not have dropped). */
function asInput(s: Storage) {
  return storageInput({
    itemID: s.itemID,
    name: s.name,
    BS_ID: s.BS_ID,
    monitor: s.monitor,
    alertMessaging: s.alertMessaging,
  });
}
async function spareSubUser(ctx: Ctx, mainUserId: number): Promise<number> {
  const helper = (await ctx.t.findUser('hay-helper@demo.emberwatch'))!;
  const { id: _id, ...row } = helper;
  const username = `spare-${Math.random().toString(36).slice(2)}@demo.emberwatch`;
  await ctx.t.store.db
    .insertInto('users')
    .values({ ...row, username, main_user_id: mainUserId })
    .execute();
  return (await ctx.t.findUser(username))!.id;
}
/** A user row of its own copied from a demo user's (a spare master, a spare farm), for a call that removes. */
async function spareUser(ctx: Ctx, from: string, over: object = {}): Promise<number> {
  const { id: _id, ...row } = (await ctx.t.findUser(from))!;
  const username = `spare-${Math.random().toString(36).slice(2)}@demo.emberwatch`;
  await ctx.t.store.db
    .insertInto('users')
    .values({ ...row, username, ...over })
    .execute();
  return (await ctx.t.findUser(username))!.id;
}
/** A master's request for a farm, made for the call (decision 0104). */
async function masterRequest(ctx: Ctx, masterId: number, ownerId: number): Promise<number> {
  const row = await ctx.t.store.db
    .insertInto('master_authorizations')
    .values({ master_user_id: masterId, owner_user_id: ownerId, authorized: 1, created_ts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function probeOn(ctx: Ctx, bsId: string): Promise<string> {
  const row = await ctx.t.store.db
    .selectFrom('probes')
    .select('sensor_id')
    .where('bs_id', '=', bsId)
    .orderBy('sensor_id')
    .executeTakeFirstOrThrow();
  return row.sensor_id;
}
async function compostBatch(ctx: Ctx): Promise<number> {
  const res = await ctx.asOwner(
    post('/client/saveBatch', {
      UID: ctx.uid,
      batch: { BS_ID: 'F3000001', batch_name: 'Rights', probes: [] },
    }),
  );
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json<{ result: { batch_id: number } }>().result.batch_id;
}

/** One request per row of the table (call and part), for the role of the context. */
const SAMPLES: Record<string, Sample> = {
  'users.uiPrefs': { account: 'hay', request: () => post('/client/uiPrefs', { prefs: { degrees: 'C' } }) },
  'account.changeUserPassword': {
    account: 'hay',
    request: () =>
      post('/client/changeUserPassword', { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }),
  },
  'notifications.notificationsSeen': { account: 'hay', request: () => post('/client/notificationsSeen', {}) },
  'sites.saveSiteNames': { account: 'hay', request: () => post('/client/saveSiteNames', { siteNames: [] }) },
  'push.getPushStatus': {
    account: 'hay',
    request: (c) => post('/client/getPushStatus', { endpoint: `https://push.example/${c.role}` }),
  },
  'push.subscribePush': {
    account: 'hay',
    request: (c) =>
      post('/client/subscribePush', {
        subscription: { endpoint: `https://push.example/${c.role}`, keys: pushKeys },
      }),
  },
  'push.unsubscribePush': {
    account: 'hay',
    request: (c) => post('/client/unsubscribePush', { endpoint: `https://push.example/${c.role}` }),
  },
  'push.testPush': {
    account: 'hay',
    request: async (c) => {
      const res = await c.asCaller(
        post('/client/subscribePush', {
          subscription: { endpoint: `https://push.example/test-${c.role}`, keys: pushKeys },
        }),
      );
      expect(res.statusCode).toBe(200);
      // The master and the grand master are one user, and a user tests once in 10 s.
      c.tick(PUSH_TEST_INTERVAL_S);
      return post('/client/testPush', {});
    },
  },
  'alertChannels.testPushAlert': {
    account: 'hay',
    request: async (c) => {
      const res = await c.asCaller(
        post('/client/subscribePush', {
          subscription: { endpoint: `https://push.example/alert-test-${c.role}`, keys: pushKeys },
        }),
      );
      expect(res.statusCode).toBe(200);
      c.tick(PUSH_TEST_INTERVAL_S);
      return post('/client/testPushAlert', {});
    },
  },
  // The caller's own confirmed phone, on an account with voice calls on (decision 0120).
  'alertChannels.voiceTestCall': {
    account: 'hay',
    request: async (c) => {
      const me = (await c.t.findUser(`${PLAYERS.hay[c.role]}@demo.emberwatch`))!;
      const phone = me.phone ?? '+12025550199';
      await c.t.store.db.updateTable('users').set({ phone }).where('id', '=', me.id).execute();
      await c.t.store.db
        .updateTable('users')
        .set({ voice_call_enabled: 1 })
        .where('id', '=', me.main_user_id ?? me.id)
        .execute();
      await recordConfirmedPhone(c.t.store.db, me.id, phone, Math.floor(Date.now() / 1000));
      // The master and the grand master are one user, who calls once in 2 minutes.
      c.tick(VOICE_TEST_INTERVAL_S);
      return post('/voice/testCall', {});
    },
  },
  'alertChannels.getAlertChannels': {
    account: 'hay',
    request: (c) => post('/client/getAlertChannels', { UID: c.uid }),
  },
  'masterAccess.inviteMasterUser': {
    account: 'hay',
    request: (c) => post('/client/inviteMasterUser', { UID: c.uid, username: 'master@demo.emberwatch' }),
  },
  // A spare advisor's request, so the demo master keeps its access for the rows after.
  'masterAccess.withdrawMasterUsers': {
    account: 'hay',
    request: async (c) =>
      post('/client/withdrawMasterUsers', {
        UID: c.uid,
        masters: [await masterRequest(c, await spareUser(c, 'master@demo.emberwatch'), c.uid)],
      }),
  },
  'masterUsers.saveMasterUser': {
    account: 'hay',
    request: () => post('/client/saveMasterUser', { country: 'fi' }),
  },
  // A spare farm the master watches, so the demo farms keep their master.
  'masterUsers.stopWatchingAccount': {
    account: 'hay',
    request: async (c) => {
      const farm = await spareUser(c, 'hay@demo.emberwatch');
      await masterRequest(c, c.ids.master!, farm);
      return post('/client/stopWatchingAccount', { UID: farm });
    },
  },
  // A wrong password: allowed roles get its 400, and the one demo master stays.
  'masterUsers.removeMasterUser': {
    account: 'hay',
    request: () => post('/client/removeMasterUser', { password: 'not-the-password' }),
  },
  'masterAccess.authorizeMasterUsers': {
    account: 'hay',
    request: (c) => post('/client/authorizeMasterUsers', { UID: c.uid, authMasters: [c.ids.master!] }),
  },
  'account.updateUserProfile': {
    account: 'hay',
    request: (c) => post('/client/userInfo', { UID: c.uid, city: 'Hayfield' }),
  },
  'account.checkUsername': {
    account: 'hay',
    request: (c) => post('/admin/checkUsername', { UID: c.uid, username: 'new-hand@demo.emberwatch' }),
  },
  'account.addNewUser': {
    account: 'hay',
    request: (c) =>
      post('/client/addNewUser', { UID: c.uid, new_user: { name: 'Hand', mobilePhone: '+358401234567' } }),
  },
  'account.updateSubUser': {
    account: 'hay',
    request: async (c) =>
      post('/client/minorUserInfo', {
        UID: c.uid,
        subUserID: await spareSubUser(c, c.uid),
        user: { name: 'Spare hand', mobilePhone: '+358401234568' },
      }),
  },
  'account.deleteSubUser': {
    account: 'hay',
    request: async (c) =>
      post('/client/deleteSubUser', { mainUserID: c.uid, subUserID: await spareSubUser(c, c.uid) }),
  },
  'account.changeUserPhone': {
    account: 'hay',
    request: (c) =>
      post('/client/changeUserPhone', { UID: c.uid, oldPhone: null, newPhone: '+358401234569' }),
  },
  'account.confirmMobile': {
    account: 'hay',
    request: (c) => post('/admin/confirmMobile', { UID: c.uid, code: '0000' }),
  },
  'insight.saveInsightSurvey': {
    account: 'hay',
    request: (c) => post('/client/saveInsightSurvey', { UID: c.uid, answers: DEMO_SURVEY_ANSWERS }),
  },
  // Each role starts on its own try; an earlier role's ongoing one answers 400, not a refusal.
  'verification.startVerification': {
    account: 'hay',
    request: (c) =>
      post('/client/startVerification', {
        UID: c.uid,
        BS_ID: 'F1000001',
        probeID: 'H10005',
        verifixID: 'H10006',
        verifixBS: 'F1000001',
      }),
  },
  // An ongoing one without readings: ending it cancels it, and the next role's owner starts another.
  'verification.stopVerification': {
    account: 'hay',
    request: async (c) =>
      post('/client/stopVerification', { itemID: await ongoingVerification(c, 'H10007') }),
  },
  // An ongoing one: allowed roles get 400 (end it first), the refused 403 before that.
  'verification.deleteVerification': {
    account: 'hay',
    request: async (c) =>
      post('/client/deleteVerification', { itemID: await ongoingVerification(c, 'H10008') }),
  },
  'insight.saveInsightStorages': {
    account: 'hay',
    request: (c) =>
      post('/client/saveInsightStorages', {
        UID: c.uid,
        storages: [{ id: 1, name: 'Shed', type: null, capacity: 10, size: null, undefinedLayoutType: true }],
      }),
  },
  'insight.insightMigration': {
    account: 'grain',
    request: (c) => post('/admin/insightMigration', { UID: c.uid, termsAccepted: true }),
  },
  'payments.charge': {
    account: 'hay',
    request: (c) =>
      post('/charge', {
        uid: c.uid,
        stripeToken: 'pm_card_visa',
        customerName: 'Hay Farm',
        receiptEmail: 'hay@example.com',
        price: 100,
        currency: 'eur',
      }),
  },
  'payments.confirmPayment': {
    account: 'hay',
    request: (c) => post('/confirmPayment', { uid: c.uid, intent_id: 'pi_nothing' }),
  },
  'payments.invoiceRequest': {
    account: 'hay',
    request: (c) =>
      post('/invoiceRequest', {
        uid: c.uid,
        customerName: 'Hay Farm',
        receiptEmail: 'hay@example.com',
        billingInfo: {
          name: 'Hay Farm',
          email: 'hay@example.com',
          company: 'Hay Farm',
          address: 'Barn road 1',
          zip: '00100',
          city: 'Hayfield',
          country: 'Finland',
        },
        taxRate: 24,
        termsAccepted: true,
      }),
  },
  'activation.activateKit': {
    account: 'hay',
    request: (c) => post('/admin/activateKit', { UID: c.uid, id: 'ZZZZ-ZZZZ-ZZZZ' }),
  },
  'partnerApps.activateHaytechAppBS': {
    account: 'hay',
    request: (c) => post('/activateHaytechAppBS', { UID: c.uid, id: 'ZZZZ-ZZZZ-ZZZZ' }),
  },
  'partnerApps.activateHaytechAppProbeset': {
    account: 'hay',
    request: (c) => post('/activateHaytechAppProbeset', { UID: c.uid, id: 'ZZZZ-ZZZZ-ZZZZ' }),
  },
  'probes.sensorConf/probe names': {
    account: 'hay',
    request: async (c) =>
      post('/client/sensorConf', {
        UID: c.uid,
        bs_id: 'F1000001',
        sensorConfigurations: [{ sensor_id_sys: await probeOn(c, 'F1000001'), sensor_name: `By ${c.role}` }],
      }),
  },
  'probes.sensorConf/corrections': {
    account: 'hay',
    request: async (c) =>
      post('/client/sensorConf', {
        UID: c.uid,
        bs_id: 'F1000001',
        sensorConfigurations: [{ sensor_id_sys: await probeOn(c, 'F1000001'), correction: 0.1 }],
      }),
  },
  'probes.toggleSensors': {
    account: 'hay',
    request: async (c) =>
      post('/client/toggleSensors', {
        bs_id: 'F1000001',
        selected_sensor_ids: [await probeOn(c, 'F1000001')],
        is_disabled: false,
      }),
  },
  'probes.transferSensors': {
    account: 'hay',
    request: async (c) =>
      post('/client/transferSensors', {
        currentBS: 'F1000002',
        selectedBS: 'F1000003',
        selectedSensors: [await probeOn(c, 'F1000002')],
      }),
  },
  'probes.updateBsDisplayName': {
    account: 'hay',
    request: () => post('/client/updateBsDisplayName', { bs_id: 'F1000003', display_name: 'Barn 3' }),
  },
  'stationAdmin.saveBsConf': {
    account: 'hay',
    request: () =>
      post('/client/bsConf?basestationID=F1000003', {
        tempIntervalDegrees: 5,
        userBSIntervals: true,
        alarm_treshold_1: 450,
        alarm_treshold_2: null,
      }),
  },
  'stationAdmin.replaceBasestation': {
    account: 'grain',
    // A new id no kit registered: status 4 for whoever may replace, so the grain station stays.
    request: (c) => post('/admin/replaceBasestation', { old_bs: 'F2000003', new_bs: 'F1999999', UID: c.uid }),
  },
  'stationAdmin.deactivateBS': {
    account: 'hay',
    // It holds probes: refused (409) for whoever may remove stations.
    request: () => post('/admin/deactivateBS', { bs_id: 'F1000003' }),
  },
  'stationAdmin.groupBSs': {
    account: 'hay',
    request: () => post('/admin/groupBSs', { bs_ids: ['F1000003'] }),
  },
  'accountMerge.checkAccountMerge': {
    account: 'grain',
    // A target nobody has: status 1 (404) for whoever may merge, and nothing moves.
    request: () => post('/admin/checkAccountMerge', { BS_ID: 'F2000001', target: 'nobody@nowhere' }),
  },
  'accountMerge.doAccountMerge': {
    account: 'grain',
    request: (c) => post('/admin/doAccountMerge', { UID: c.uid, targetUID: 999_999, BSs: [], targetBSs: [] }),
  },
  'stationAdmin.saveProbeStopSettings': {
    account: 'hay',
    request: () => post('/admin/saveProbeStopSettings', { defaultS: 14400, reportingIntervals: 3 }),
  },
  'probes.setBsTimezone': {
    account: 'hay',
    request: () => post('/client/setBsTimezone', { bs_id: 'F1000003', timezone: 'Europe/Helsinki' }),
  },
  'storages.saveStorage/name, type, layout, probes placed': {
    account: 'hay',
    request: async (c) => {
      const s = await ownersStorage(c);
      return post('/client/saveStorage', {
        UID: c.uid,
        item: { ...asInput(s), name: `Renamed by ${c.role}` },
      });
    },
  },
  'storages.saveStorage/alert messaging': {
    account: 'hay',
    request: async (c) => {
      const s = await ownersStorage(c);
      // SMS to the owner switched on: the sub-user switched the owner's alerts off.
      const m = alertMessagingOrDefault(s.alertMessaging);
      const alertMessaging = { ...m, sms: { active: !m.sms.active, UIDS: [c.uid] } };
      return post('/client/saveStorage', { UID: c.uid, item: { ...asInput(s), alertMessaging } });
    },
  },
  'storages.saveStorage/monitor': {
    account: 'hay',
    request: async (c) => {
      const s = await ownersStorage(c);
      return post('/client/saveStorage', { UID: c.uid, item: { ...asInput(s), monitor: c.ids.hayMonitor! } });
    },
  },
  'storages.setCustomAlertHours': {
    account: 'hay',
    request: async (c) =>
      post('/client/setCustomAlertHours', {
        UID: c.uid,
        itemID: (await ownersStorage(c)).itemID,
        noCallHours: [22, 6],
        tempLimit: 70,
      }),
  },
  'storages.removeStorage': {
    account: 'hay',
    request: async (c) =>
      post('/client/removeStorage', { UID: c.uid, itemID: (await ownersStorage(c)).itemID }),
  },
  'sites.saveSite': {
    account: 'hay',
    request: (c) => post('/client/saveSite', { UID: c.uid, site: sitePlan }),
  },
  'monitors.saveMonitor': {
    account: 'hay',
    request: (c) => post('/client/saveMonitor', { UID: c.uid, item: monitorItem({ name: `By ${c.role}` }) }),
  },
  'monitors.removeMonitor': {
    account: 'hay',
    request: async (c) => {
      const res = await c.asOwner(post('/client/saveMonitor', { item: monitorItem() }));
      expect(res.statusCode).toBe(200);
      return post('/client/removeMonitor', {
        UID: c.uid,
        itemID: res.json<{ item: { itemID: number } }>().item.itemID,
      });
    },
  },
  'monitors.resetAlerts': {
    account: 'hay',
    request: (c) =>
      post('/client/resetAlerts', {
        UID: c.uid,
        itemID: c.ids.hayMonitor!,
        ruleId: 1,
        alerts: [{ sensor_id: 'H10001', depth: null }],
      }),
  },
  'monitors.processStorageMonitors': {
    account: 'hay',
    request: async (c) => {
      const res = await c.asOwner({ method: 'GET', url: '/client/getMonitors' });
      const storage = res.json<{ results: { storages: number[] }[] }>().results.flatMap((m) => m.storages)[0];
      expect(storage).toBeGreaterThan(0);
      return {
        method: 'GET',
        url: `/data/processStorageMonitors?UID=${c.uid}&BS_ID=F1000001&itemIDs=${storage}`,
      };
    },
  },
  'monitors.acknowledgeAlerts': {
    account: 'hay',
    request: (c) =>
      post('/client/acknowledgeAlerts', {
        UID: c.uid,
        itemID: c.ids.hayMonitor!,
        ruleId: 1,
        alerts: [{ sensor_id: 'H10001', depth: null, ts: 1 }],
      }),
  },
  'delivery.acknowledgeDataBreak': {
    account: 'hay',
    request: (c) => post('/client/acknowledgeDataBreak', { UID: c.uid, BS_ID: 'F1000001' }),
  },
  'dataBreaks.saveDataBreakSettings': {
    account: 'hay',
    request: (c) => post('/client/saveDataBreakSettings', { UID: c.uid, delayS: null }),
  },
  'sentinel.sentinelCall': { account: 'hay', request: (c) => post('/sentinelCall', { UID: c.uid }) },
  'sentinel.rotateSentinelSecret': {
    account: 'hay',
    request: (c) => post('/client/rotateSentinelSecret', { UID: c.uid }),
  },
  'sentinel.setSentinelTarget': {
    account: 'hay',
    request: (c) => post('/client/setSentinelTarget', { UID: c.uid, sentinelAlerts: null }),
  },
  'sentinel.testSentinelCall': {
    account: 'hay',
    request: (c) => post('/testSentinelCall', { UID: c.uid }),
  },
  'fans.setFcManualCommand': {
    account: 'compost',
    request: () =>
      post('/fc/setFcManualCommand', { fc_id: 'RC12-WINDROWS-1', channel: 1, isManual: true, command: 1 }),
  },
  'fans.runScheduler': {
    account: 'compost',
    request: () => ({ method: 'GET', url: '/fc/runScheduler?id=RC12-WINDROWS-1' }),
  },
  'fans.setFcUse': {
    account: 'compost',
    request: () => post('/fc/setFcUse', { id: 'RC12-WINDROWS-1', channel: 2, use: null }),
  },
  'fans.setFcAssignment': {
    account: 'compost',
    request: (c) =>
      post('/fc/setFcAssignment', {
        UID: c.uid,
        fc_id: 'RC12-WINDROWS-1',
        channel: 1,
        isManual: false,
        manualCommand: 0,
        verbose: false,
        batchRef: null,
        monitorRef: null,
        name: 'Fan 1',
      }),
  },
  'fans.clearFcAssignment': {
    account: 'compost',
    request: (c) => post('/fc/clearFcAssignment', { UID: c.uid, fc_id: 'RC12-WINDROWS-1', channel: 2 }),
  },
  'fans.saveRcScheduler': {
    account: 'compost',
    request: (c) =>
      post('/client/saveRcScheduler', {
        UID: c.uid,
        fc_id: 'RC12-WINDROWS-1',
        scheduler: {
          schedulerEnabled: false,
          disabledHours: Array.from({ length: 7 }, () => [0, 0]),
          reverseDisabled: false,
        },
      }),
  },
  'batches.saveBatch': {
    account: 'compost',
    request: (c) =>
      post('/client/saveBatch', {
        UID: c.uid,
        batch: { BS_ID: 'F3000001', batch_name: `By ${c.role}`, probes: [] },
      }),
  },
  'batches.saveProcessPhases/a batch’s phases': {
    account: 'compost',
    request: async (c) =>
      post('/client/saveProcessPhases', { UID: c.uid, batch_id: await compostBatch(c), phases }),
  },
  'batches.saveProcessPhases/the account’s defaults': {
    account: 'compost',
    request: (c) => post('/client/saveProcessPhases', { UID: c.uid, phases }),
  },
  'batches.addBatchTurning': {
    account: 'compost',
    request: async (c) => post('/client/addBatchTurning', { UID: c.uid, batch_id: await compostBatch(c) }),
  },
  'batches.removeBatchTurning': {
    account: 'compost',
    request: async (c) => {
      const batchId = await compostBatch(c);
      const res = await c.asOwner(post('/client/addBatchTurning', { UID: c.uid, batch_id: batchId }));
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      const turnings = res.json<{ result: { turnings: { id: number }[] } }>().result.turnings;
      return post('/client/removeBatchTurning', { UID: c.uid, batch_id: batchId, id: turnings.at(-1)!.id });
    },
  },
  'batches.archiveBatches': {
    account: 'compost',
    request: async (c) => post('/client/archiveBatches', { UID: c.uid, batch_ids: [await compostBatch(c)] }),
  },
  // The operator's tools, tried on the grain farm so that the hay farm's rows see it as seeded.
  'insight.insightHold': { account: 'grain', request: (c) => post('/admin/insightHold', { UID: c.uid }) },
  'insight.insightFreemiumTrial': {
    account: 'grain',
    request: (c) => post('/admin/insightFreemiumTrial', { UID: c.uid, trialDays: 30 }),
  },
  'insight.setInsight': {
    account: 'grain',
    request: (c) => post('/admin/setInsight', { UID: c.uid, service: null }),
  },
  'insight.testMigrationCall': {
    account: 'grain',
    request: (c) => post('/testMigrationCall', { UID: c.uid }),
  },
  'insight.setMigrationOn': {
    account: 'grain',
    request: () => post('/setMigrationOn', { on: false, url: null }),
  },
  'payments.setPlanInfo': {
    account: 'grain',
    request: (c) => post('/admin/setPlanInfo', { UID: c.uid, dueDate: null, apiPlanDue: null }),
  },
  'services.saveExtraServices': {
    account: 'hay',
    request: (c) =>
      post('/client/saveExtraServices', { UID: c.uid, services: [{ kind: 'subUsers', value: 4 }] }),
  },
  'services.registerService': {
    account: 'grain',
    request: (c) => post('/admin/registerService', { UID: c.uid, kind: 'subUsers', value: 3 }),
  },
  'activation.registerMultipleBSs': {
    account: 'grain',
    request: (c) =>
      post('/admin/registerMultipleBSs', { bs_ids: [`F19900${10 + WRITE_ROLES.indexOf(c.role)}`] }),
  },
  'activation.registerMultipleSets': {
    account: 'grain',
    request: (c) =>
      post('/admin/registerMultipleSets', {
        sets: [
          {
            set_id: `RS-${c.role}`,
            probes: [{ sensor_id: `W99${WRITE_ROLES.indexOf(c.role)}01`, depths: 3 }],
          },
        ],
      }),
  },
  'activation.activateUsersSet': {
    account: 'grain',
    request: (c) => post('/admin/activateUsersSet', { UID: c.uid, BS_ID: 'F2000001', set_id: 'NO-SUCH-SET' }),
  },
  'activation.activateKitAdmin': {
    account: 'grain',
    request: (c) => post('/admin/activateKitAdmin', { UID: c.uid, kit_id: 999_999 }),
  },
  'activation.removeSet': {
    account: 'grain',
    request: () => post('/admin/removeSet', { set_id: 'NO-SUCH-SET' }),
  },
  'activation.undoBSActivation': {
    account: 'grain',
    request: () => post('/admin/undoBSActivation', { BS_ID: 'F1999999' }),
  },
  'fans.registerController': {
    account: 'grain',
    request: (c) =>
      post('/admin/registerRC12', { UID: c.uid, fc_id: `RC12-RIGHTS-${WRITE_ROLES.indexOf(c.role)}` }),
  },
  'sentinel.setSentinelAlerts': {
    account: 'grain',
    request: (c) => post('/admin/setSentinelAlerts', { UID: c.uid, sentinelAlerts: null }),
  },
  'delivery.fakeSmsReply': {
    account: 'grain',
    request: () => post('/admin/fakeSmsReply', { from: '+358401234567', body: 'OK' }),
  },
  'delivery.fakeCallKeys': {
    account: 'grain',
    request: () => post('/admin/fakeCallKeys', { messageId: 999_999, digits: '1' }),
  },
  'stationLogs.postBsLoggingStatus': {
    account: 'grain',
    request: () => post('/admin/postBsLoggingStatus', { basestationID: 'F2000001', logging: true }),
  },
  // The live switches and RC test responses name an account's user or controller; only staff may.
  'connections.setClientSocket': {
    account: 'grain',
    request: (c) => post('/admin/setClientSocket', { UID: c.uid, action: 'enable' }),
  },
  'connections.setServerSocket': {
    account: 'grain',
    request: () => post('/admin/setServerSocket', { link: 'push', action: 'on' }),
  },
  'connections.setRcTestResponse': {
    account: 'compost',
    request: () => post('/admin/setRcTestResponse', { fc_id: 'RC12-WINDROWS-1', channel: 1, command: 0 }),
  },
  'connections.setRcTestResponseEnabled': {
    account: 'compost',
    request: () => post('/admin/setRcTestResponseEnabled', { fc_id: 'RC12-WINDROWS-1', enabled: false }),
  },
  // The SIM operator stand-in's first card (stand-ins/src/sim-operator).
  'sims.checkSIMs': {
    account: 'grain',
    request: () => post('/admin/checkSIMs', { sims: ['8935801000000000018'] }),
  },
  'sims.storeSIMs': {
    account: 'grain',
    request: () => post('/admin/storeSIMs', { csv: 'ICCID;State\n8935801000000000026;ACTIVE\n' }),
  },
  'sims.setBSSIM': {
    account: 'grain',
    request: () =>
      post('/admin/setBSSIM', { BS_ID: 'F2000001', SIM: '8935801000000000018', SIMstatus: 'Active' }),
  },
  'sims.setSIMExpiration': {
    account: 'grain',
    request: () => post('/admin/setSIMExpiration', { BS_ID: 'F2000001', exp_ts: 1_900_000_000 }),
  },
  // An older Gari account (docs/gari-export-format.md); the phone code names one never migrated.
  'gariMigration.checkGariUsername': {
    account: 'grain',
    request: () => post('/admin/checkGariUsername', { username: 'rights.gari' }),
  },
  'gariMigration.checkGariMigration': {
    account: 'grain',
    request: () => post('/admin/checkGariMigration', { accounts: [gariRightsAccount] }),
  },
  'gariMigration.migrateGariUser': {
    account: 'grain',
    request: () => post('/admin/migrateGariUser', { account: gariRightsAccount }),
  },
  'gariMigration.confirmGariMobile': {
    account: 'grain',
    request: () => post('/admin/confirmGariMobile', { gari_id: 'GA-RIGHTS' }),
  },
  // A dry run: counted and previewed, nothing sent.
  'broadcasts.sendBroadcastMessage': {
    account: 'grain',
    request: () =>
      post('/admin/sendBroadcastMessage', {
        channels: ['email'],
        texts: { en: { subject: 'Rights', text: 'A check.' } },
        dryRun: true,
      }),
  },
  'broadcasts.saveNewsCampaigns': {
    account: 'grain',
    request: () => post('/admin/saveNewsCampaigns', { deleted: [999_999] }),
  },
  // The customers (decision 0098): a new login per call, so an allowed role's account never clashes.
  'customers.registerUser': {
    account: 'grain',
    request: (c) =>
      post('/admin/registerUser', {
        username: `rights-${c.role}-${Math.random().toString(36).slice(2, 8)}`,
        email: 'rights@example.test',
        firstname: 'Rights',
        country: 'fi',
      }),
  },
  'customers.setUserLocation': {
    account: 'grain',
    request: (c) => post('/admin/setUserLocation', { UID: c.uid, lat: 41.5, lon: -93.5 }),
  },
  // A user who is not staff: the staff's own refusals (404) come after the rights.
  'staff.setAdminUserGroup': {
    account: 'grain',
    request: (c) => post('/admin/setAdminUserGroup', { UID: c.ids.grain!, admin_group: 3 }),
  },
  'staff.addAdminUser': {
    account: 'grain',
    request: () => post('/admin/addAdminUser', { kind: 'existing', username: 'nobody-here', admin_group: 3 }),
  },
  'staff.removeAdminUser': {
    account: 'grain',
    request: (c) => post('/admin/removeAdminUser', { UID: c.ids.grain! }),
  },
  'staff.loginAdmin': {
    account: 'grain',
    request: (c) => ({ method: 'GET', url: `/admin/loginAdmin?UID=${c.ids.grain!}` }),
  },
  'firmware.saveOTAForBS': {
    account: 'grain',
    request: () => post('/admin/saveOTAForBS', { bs: 'F2000001', rev: '9.9', old_rev: null }),
  },
  'firmware.cancelPendingOTA': {
    account: 'grain',
    request: () => post('/admin/cancelPendingOTA', { bs: 'F2000001' }),
  },
  'firmware.addFirmwareImage': {
    account: 'grain',
    request: (c) =>
      post('/admin/addFirmwareImage', { rev: `9.${WRITE_ROLES.indexOf(c.role)}`, notes: '', data: 'AAEC' }),
  },
  'alertChannels.setVoiceCalls': {
    account: 'grain',
    request: (c) => post('/admin/setVoiceCalls', { UID: c.ids.grain!, voiceCallEnabled: false }),
  },
  // The owner's key, which the others may not touch (403 before the key is looked at).
  'publicApi.generateKey': {
    account: 'hay',
    request: () => ({ method: 'GET', url: '/api/v1/generateKey?name=Rights' }),
  },
  'publicApi.renameApiKey': {
    account: 'hay',
    request: async (c) => post('/client/renameApiKey', { id: await ownerKey(c), name: 'Renamed' }),
  },
  'publicApi.revokeApiKey': {
    account: 'hay',
    request: async (c) => post('/client/revokeApiKey', { id: await ownerKey(c) }),
  },
  'publicApi.rotateApiKey': {
    account: 'hay',
    request: async (c) => post('/client/rotateApiKey', { id: await ownerKey(c) }),
  },
  'translations.updateTranslations': {
    account: 'grain',
    request: () =>
      post('/admin/updateTranslations', {
        locale: 'fi',
        data: { key: 'rights.check', text: 'Oikeudet', category: 'common' },
      }),
  },
};

/** A new API key of the account, made by its owner: its id. */
async function ownerKey(c: Ctx): Promise<string> {
  const res = await c.asOwner({ method: 'GET', url: '/api/v1/generateKey?name=Rights' });
  return res.json<{ key: { id: string } }>().key.id;
}

const keyOf = (row: WriteRightsRow) => (row.part ? `${row.call}/${row.part}` : row.call);
const pathOf = (call: string) => {
  const [group, name] = call.split('.') as [string, string];
  return (endpoints as unknown as Record<string, Record<string, { path: string }>>)[group]?.[name]?.path;
};

describe('the write-rights table', () => {
  // A write call added to the catalogue without its row (and its sample here) fails.
  it('has a row for every write call of the catalogue, and rows only for those', () => {
    const writes = Object.entries(endpoints).flatMap(([group, calls]) =>
      Object.entries(calls as Record<string, Endpoint>)
        .filter(
          ([name, e]) =>
            e.auth === 'user' && (e.method === 'POST' || WRITE_GETS.includes(`${group}.${name}`)),
        )
        .map(([name]) => `${group}.${name}`),
    );
    expect(writes.length).toBeGreaterThan(60);
    expect([...new Set(WRITE_RIGHTS.map((r) => r.call))].sort()).toEqual(writes.sort());
    expect(WRITE_RIGHTS.map(keyOf).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  // docs/roles.md shows the table as the code has it (prettier pads its cells; they are compared trimmed).
  it('is the table docs/roles.md shows', () => {
    expect(tableCells(rolesDocTable('write-rights'))).toEqual(
      tableCells(renderWriteRights(catalogueCallPaths())),
    );
  });

  it('names only calls of the catalogue', () => {
    for (const row of WRITE_RIGHTS) expect(pathOf(row.call), row.call).toBeDefined();
  });
});

describe(`every write call as every role, on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let clock = Math.floor(Date.now() / 1000);

  const send = (who: string, req: Request) =>
    t.app.inject({ method: req.method, url: req.url, headers: bearer(tokens[who]!), payload: req.body });

  beforeAll(async () => {
    t = await createTestApp({ demoFans: true, demoMonitors: true, nowS: () => clock });
    for (const u of ['hay', 'grain', 'compost', 'admin', 'master'])
      ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    // Farm hands of the grain and compost farms (the demo has the hay farm's), and the advisor
    // authorised on the compost works too.
    const helper = (await t.findUser('hay-helper@demo.emberwatch'))!;
    const { id: _id, ...row } = helper;
    for (const farm of ['grain', 'compost'])
      await t.store.db
        .insertInto('users')
        .values({ ...row, username: `${farm}-helper@demo.emberwatch`, main_user_id: ids[farm]! })
        .execute();
    await t.store.db
      .updateTable('master_authorizations' as never)
      .set({ authorized: 1 } as never)
      .where('master_user_id' as never, '=', ids.master as never)
      .execute();
    // Rights, not entitlements, are under test: the farms have voice alerts and room for more users.
    await t.store.db.updateTable('users').set({ voice_call_enabled: 1, sub_user_count: 50 }).execute();
    for (const u of [
      'visitor',
      'hay',
      'hay-helper',
      'grain',
      'grain-helper',
      'compost',
      'compost-helper',
      'admin',
      'master',
    ])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    const monitors = await send('hay', { method: 'GET', url: '/client/getMonitors' });
    ids.hayMonitor = monitors.json<{ results: { itemID: number }[] }>().results[0]!.itemID;
    expect(ids.hayMonitor).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t.close();
  });

  const cases = WRITE_RIGHTS.flatMap((row) =>
    // The refusals first: they must change nothing the allowed calls after them rely on.
    [...WRITE_ROLES]
      .sort((a, b) => Number(row.rights[a] !== 'no') - Number(row.rights[b] !== 'no'))
      .map((role) => [keyOf(row), role, row.rights[role]] as const),
  );

  it.each(cases)('%s as %s: %s', async (key, role, right) => {
    const sample = SAMPLES[key]!;
    const who = PLAYERS[sample.account][role];
    await t.store.db
      .updateTable('users')
      .set({ grand_master: role === 'grandMaster' ? 1 : 0 })
      .where('id', '=', ids.master!)
      .execute();
    const uid = ids[sample.account]!;
    const ctx: Ctx = {
      t,
      ids,
      role,
      uid,
      asOwner: (req) => send(PLAYERS[sample.account].owner, req),
      asCaller: (req) => send(who, req),
      tick: (seconds) => {
        clock += seconds;
      },
    };
    const req = await sample.request(ctx);
    const res = await send(who, req);
    if (right === 'no') expect(res.statusCode, res.body).toBe(403);
    // The caller's own things just work.
    else if (right === 'own') expect(res.statusCode, res.body).toBe(200);
    // The call's own refusals (a kit that does not exist) come after the rights: not 401 or 403.
    else expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
  });

  // Another farm's owner and the public demo visitor, naming this account's things: always refused,
  // whatever the call (the read-rights matrix, readRights.test.ts, does the same for every read).
  const OTHER: Record<Account, string> = { hay: 'grain', grain: 'compost', compost: 'hay' };
  const strangers = WRITE_RIGHTS.filter((row) => row.rights.owner === 'yes').flatMap((row) =>
    (['otherAccount', 'visitor'] as const).map((stranger) => [keyOf(row), stranger] as const),
  );
  it.each(strangers)('%s as %s: no', async (key, stranger) => {
    const sample = SAMPLES[key]!;
    const who = stranger === 'visitor' ? 'visitor' : OTHER[sample.account];
    await t.store.db.updateTable('users').set({ grand_master: 0 }).where('id', '=', ids.master!).execute();
    const ctx: Ctx = {
      t,
      ids,
      role: 'owner',
      uid: ids[sample.account]!,
      asOwner: (req) => send(PLAYERS[sample.account].owner, req),
      asCaller: (req) => send(who, req),
      tick: (seconds) => {
        clock += seconds;
      },
    };
    const res = await send(who, await sample.request(ctx));
    expect([403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import {
  READ_RIGHTS,
  READ_ROLES,
  renderReadRights,
  type ReadRole,
} from '@emberwatch/shared/domain/readRights';
import { WRITE_GETS, WRITE_RIGHTS } from '@emberwatch/shared/domain/writeRights';
import { catalogueCallPaths, rolesDocTable, tableCells } from './support/rolesDoc.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 29: every read call of the catalogue, sent as every role naming one account's ids, answers as
 * the read-rights table (packages/shared/src/domain/readRights.ts, docs/roles.md) says: `yes` is a 200
 * with data, `no` a 403 or 404 and no data, `own` a 200 about the caller. With the write-rights table
 * (writeRights.test.ts) it covers every logged-in call, so a call added to the catalogue without its
 * row fails here. Anonymous callers and station credentials are refused on every logged-in call.
 */

type Account = 'hay' | 'grain' | 'compost';
/** The user playing each role for an account (the master is one user; its grand-master flag is set per call). */
const PLAYERS: Record<Account, Record<ReadRole, string>> = {
  hay: {
    owner: 'hay',
    subUser: 'hay-helper',
    master: 'master',
    grandMaster: 'master',
    admin: 'admin',
    otherAccount: 'grain',
    visitor: 'visitor',
  },
  grain: {
    owner: 'grain',
    subUser: 'grain-helper',
    master: 'master',
    grandMaster: 'master',
    admin: 'admin',
    otherAccount: 'compost',
    visitor: 'visitor',
  },
  compost: {
    owner: 'compost',
    subUser: 'compost-helper',
    master: 'master',
    grandMaster: 'master',
    admin: 'admin',
    otherAccount: 'hay',
    visitor: 'visitor',
  },
};

/** The ids of the accounts' things the samples name, found once. */
interface Ids {
  uid: Record<Account, number>;
  hayStorage: number;
  compostInvoice: number;
  compostBatch: number;
  hayVerification: number;
}
interface Sample {
  account: Account;
  url(ids: Ids): string;
}

const hourAgo = () => Math.floor(Date.now() / 1000) - 3600;
const SAMPLES: Record<string, Sample> = {
  'sessions.auth': { account: 'hay', url: () => '/auth' },
  'sessions.getSessionInfo': { account: 'hay', url: () => '/client/getSessionInfo' },
  'account.getMasterUserInfo': { account: 'hay', url: () => '/client/getMasterUserInfo' },
  'insight.getInsightTrialTime': { account: 'hay', url: () => '/client/getInsightTrialTime' },
  'insight.getMigrationCount': { account: 'hay', url: () => '/getMigrationCount' },
  'sites.getSiteNames': { account: 'hay', url: () => '/client/getSiteNames' },
  'siteIndex.getMultisiteData': { account: 'hay', url: () => '/client/getMultisiteData' },
  'push.getPushKey': { account: 'hay', url: () => '/client/getPushKey' },
  'users.userInfo': { account: 'hay', url: (i) => `/client/userInfo?UID=${i.uid.hay}` },
  'users.getUserInfoAndConf': {
    account: 'hay',
    url: (i) => `/client/getUserInfoAndConf?UID=${i.uid.hay}`,
  },
  'account.accountInfo': { account: 'hay', url: (i) => `/client/accountInfo?UID=${i.uid.hay}` },
  'insight.getInsightSurvey': { account: 'hay', url: (i) => `/client/getInsightSurvey?UID=${i.uid.hay}` },
  'masterAccess.getAccountMasters': {
    account: 'hay',
    url: (i) => `/client/getAccountMasters?UID=${i.uid.hay}`,
  },
  'masterAccess.getMasterUserByUsername': {
    account: 'hay',
    url: (i) => `/client/getMasterUserByUsername?UID=${i.uid.hay}&username=master@demo.emberwatch`,
  },
  'payments.getUpgradeInfo': { account: 'hay', url: (i) => `/client/getUpgradeInfo?UID=${i.uid.hay}` },
  'payments.getRenewalInfo': { account: 'hay', url: (i) => `/client/getRenewalInfo?U_ID=${i.uid.hay}` },
  'payments.invoicePdf': {
    account: 'compost',
    url: (i) => `/client/invoicePdf?invoice_id=${i.compostInvoice}&UID=${i.uid.compost}`,
  },
  'notifications.getNotifications': {
    account: 'hay',
    url: (i) => `/client/getNotifications?UID=${i.uid.hay}`,
  },
  'dataBreaks.getDataBreakSettings': {
    account: 'hay',
    url: (i) => `/client/getDataBreakSettings?UID=${i.uid.hay}`,
  },
  'baseStations.basestationArray': {
    account: 'hay',
    url: (i) => `/client/basestationArray?UID=${i.uid.hay}`,
  },
  'baseStations.bsConf': { account: 'hay', url: () => '/client/bsConf?basestationID=F1000001' },
  'baseStations.data': { account: 'hay', url: () => '/client/data?basestationID=F1000001' },
  'probes.sensorData': {
    account: 'hay',
    url: () => `/client/sensorData?BS_ID=F1000001&sensorID=H10001&startTS=${hourAgo() - 86_400}`,
  },
  'probes.snapshot': {
    account: 'hay',
    url: () => `/client/snapshot?basestationID=F1000001&sensorIDs=H10001&fromDate=${hourAgo()}`,
  },
  'probes.minmaxData': { account: 'hay', url: () => '/client/minmaxData?basestationID=F1000001' },
  'stationAdmin.soc': { account: 'hay', url: () => '/client/soc?basestationID=F1000001' },
  'stationAdmin.auxMinmax': { account: 'hay', url: () => '/client/auxMinmax?basestationID=F1000001' },
  'probes.data2': {
    account: 'hay',
    url: () => `/client/data2?basestationID=F1000001&sensorId=H10001&fromDate=${hourAgo()}`,
  },
  'export.exportData': {
    account: 'hay',
    url: () => `/client/exportData?basestationID=F1000001&sensorIDs=H10001&fromTS=${hourAgo()}`,
  },
  'storages.getStorages': { account: 'hay', url: (i) => `/client/getStorages?UID=${i.uid.hay}` },
  'storages.getAlertRecipients': {
    account: 'hay',
    url: (i) => `/client/getAlertRecipients?UID=${i.uid.hay}`,
  },
  'sites.getSite': { account: 'hay', url: () => '/client/getSite?BS_ID=F1000001' },
  'monitors.getMonitors': { account: 'hay', url: (i) => `/client/getMonitors?UID=${i.uid.hay}` },
  'monitors.getStorageLogbook': {
    account: 'hay',
    url: (i) => `/client/getStorageLogbook?UID=${i.uid.hay}&itemID=${i.hayStorage}`,
  },
  'delivery.getDeliveryLog': {
    account: 'hay',
    url: (i) => `/client/getDeliveryLog?UID=${i.uid.hay}&itemID=${i.hayStorage}`,
  },
  'quality.getQuality': { account: 'hay', url: (i) => `/client/getQuality?itemID=${i.hayStorage}` },
  'quality.getQualityOverview': {
    account: 'hay',
    url: (i) => `/client/getQualityOverview?UID=${i.uid.hay}`,
  },
  'verification.getVerifications': {
    account: 'hay',
    url: (i) => `/client/getVerifications?UID=${i.uid.hay}&probeID=H10001`,
  },
  'verification.verifixData': {
    account: 'hay',
    url: (i) => `/client/verifixData?verificationID=${i.hayVerification}`,
  },
  'fans.getFcItem': { account: 'compost', url: () => '/fc/getFcItem?id=RC12-WINDROWS-1' },
  'fans.rcLogs': {
    account: 'compost',
    url: (i) => `/client/rcLogs?UID=${i.uid.compost}&FC_ID=RC12-WINDROWS-1`,
  },
  'fans.getRcScheduler': {
    account: 'compost',
    url: (i) => `/client/getRcScheduler?UID=${i.uid.compost}&fc_id=RC12-WINDROWS-1`,
  },
  'batches.getBatches': { account: 'compost', url: (i) => `/client/getBatches?UID=${i.uid.compost}` },
  'batches.getBatchCounts': {
    account: 'compost',
    url: (i) => `/client/getBatchCounts?UID=${i.uid.compost}`,
  },
  'batches.getProcessPhases': {
    account: 'compost',
    url: (i) => `/client/getProcessPhases?UID=${i.uid.compost}&batch_id=${i.compostBatch}`,
  },
  'batches.getChangedBatches': {
    account: 'compost',
    url: (i) => `/client/getChangedBatches?UID=${i.uid.compost}&since=0`,
  },
  'batches.getPhaseRClog': {
    account: 'compost',
    url: (i) => `/client/getPhaseRClog?UID=${i.uid.compost}&batch_id=${i.compostBatch}&index=0`,
  },
  'batches.getSanitisationReport': {
    account: 'compost',
    url: (i) => `/client/getSanitisationReport?UID=${i.uid.compost}&batch_id=${i.compostBatch}`,
  },
  'translations.getUserTranslations': {
    account: 'hay',
    url: (i) => `/client/getUserTranslations?locale=fi&UID=${i.uid.hay}`,
  },
  'translations.getAdminTranslations': {
    account: 'hay',
    url: (i) => `/admin/getAdminTranslations?locale=fi&UID=${i.uid.hay}`,
  },
  'translations.getTranslationLanguages': { account: 'hay', url: () => '/admin/getTranslationLanguages' },
  'account.getSMSData': { account: 'hay', url: () => '/admin/getSMSData' },
  'activation.getKit': { account: 'hay', url: () => '/admin/getKit' },
  'probes.getSensorStats': {
    account: 'hay',
    url: () => '/admin/getSensorStats?BS_ID=F1000001&probeID=H10001',
  },
  'delivery.getOutbox': { account: 'hay', url: () => '/admin/getOutbox' },
  'delivery.fakeSmsMessages': { account: 'hay', url: () => '/admin/fakeSmsMessages' },
  'stationLogs.bsCommData': { account: 'hay', url: () => '/client/bsCommData?bs=F1000001' },
  'stationLogs.getMobileTelemetry': {
    account: 'hay',
    url: () => '/client/getMobileTelemetry?BS_ID=F1000001',
  },
  'stationLogs.getBsLogs': { account: 'hay', url: () => '/admin/getBsLogs?basestationID=F1000001&getTS=1' },
  'stationLogs.getBsLoggingList': { account: 'hay', url: () => '/admin/getBsLoggingList' },
  'stationLogs.getEarlyBsCallsLog': { account: 'hay', url: () => '/admin/getEarlyBsCallsLog' },
  'connections.getSocketStatuses': { account: 'hay', url: () => '/admin/getSocketStatuses' },
  'connections.rcList': { account: 'compost', url: () => '/admin/rcList' },
  'connections.getRcTestResponseEnabled': {
    account: 'compost',
    url: () => '/admin/getRcTestResponseEnabled?fc_id=RC12-WINDROWS-1',
  },
  'connections.getFSList': { account: 'compost', url: () => '/admin/getFSList?q=RC12' },
  'services.getServices': { account: 'hay', url: (i) => `/admin/getServices?UID=${i.uid.hay}` },
  'sims.getSIM': { account: 'hay', url: () => '/admin/getSIM?BS_ID=F1000001' },
  'sims.simList': { account: 'hay', url: () => '/admin/simList' },
  'sims.getValidityOverview': { account: 'hay', url: () => '/admin/getValidityOverview?days=30' },
  'gariMigration.getGariMigrations': { account: 'hay', url: () => '/admin/getGariMigrations' },
  'gariMigration.gariMigrationState': {
    account: 'hay',
    url: (i) => `/client/gariMigrationState?UID=${i.uid.hay}`,
  },
  'broadcasts.getBroadcastUsers': { account: 'hay', url: () => '/admin/getBroadcastUsers?contact=sms' },
  'broadcasts.getBroadcasts': { account: 'hay', url: () => '/admin/getBroadcasts' },
  'broadcasts.getNewsCampaigns': { account: 'hay', url: () => '/admin/getNewsCampaigns' },
  'customers.getusers': { account: 'hay', url: () => '/admin/getusers?q=hay' },
  'customers.getMasterUsers': { account: 'hay', url: () => '/admin/getMasterUsers' },
  'customers.getMigratedUsers': { account: 'hay', url: () => '/admin/getMigratedUsers' },
  'customers.getuserLocations': { account: 'hay', url: () => '/admin/getuserLocations' },
  'customers.getCustomer': { account: 'hay', url: (ids) => `/admin/getCustomer?UID=${ids.uid.hay}` },
  'staff.adminUsers': { account: 'hay', url: () => '/admin/adminUsers' },
  'firmware.getOTAForBS': { account: 'hay', url: () => '/admin/getOTAForBS?bs=F1000001' },
  'firmware.getOTAStatus': { account: 'hay', url: () => '/admin/getOTAStatus?bs=F1000001' },
  'firmware.firmwareImages': { account: 'hay', url: () => '/admin/firmwareImages' },
  'firmware.otaStations': { account: 'hay', url: () => '/admin/otaStations' },
  'adminConsole.consoleInfo': { account: 'hay', url: () => '/admin/consoleInfo' },
  'adminConsole.basestations': { account: 'hay', url: () => '/admin/basestations?q=F1000001' },
  'adminConsole.findSystem': { account: 'hay', url: () => '/admin/findSystem?q=F1000001' },
  'diagnostics.logs': { account: 'hay', url: () => '/admin/logs?server=all&showAux=1' },
  'diagnostics.accesslogs': { account: 'hay', url: (i) => `/admin/accesslogs?user=${i.uid.hay}` },
  'diagnostics.getSysOpList': { account: 'hay', url: () => '/admin/getSysOpList' },
  'diagnostics.getGariCallLog': { account: 'hay', url: () => '/admin/getGariCallLog' },
  'diagnostics.getTestDataAll': { account: 'hay', url: () => '/admin/getTestDataAll' },
  'diagnostics.getBSRegistrations': { account: 'hay', url: () => '/admin/getBSRegistrations?q=F19' },
  'diagnostics.getProbeRegistrations': { account: 'hay', url: () => '/admin/getProbeRegistrations' },
  'audit.getAuditLog': { account: 'hay', url: (i) => `/admin/auditLog?customer=${i.uid.hay}` },
  'stationAdmin.getReplacementHistory': {
    account: 'hay',
    url: () => '/admin/getReplacementHistory?BS_ID=F1000001',
  },
  'stationAdmin.getProbeStopSettings': { account: 'hay', url: () => '/admin/getProbeStopSettings' },
  'publicApi.getApiKeys': { account: 'hay', url: () => '/client/getApiKeys' },
};

const catalogue = Object.entries(endpoints).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, Endpoint>).map(([name, e]) => ({ call: `${group}.${name}`, e })),
);

describe('the read-rights table', () => {
  // A read call added to the catalogue without its row (and its sample here) fails.
  it('has a row for every read call of the catalogue, and rows only for those', () => {
    const reads = catalogue
      .filter(({ call, e }) => e.auth === 'user' && e.method === 'GET' && !WRITE_GETS.includes(call))
      .map(({ call }) => call);
    expect(reads.length).toBeGreaterThan(40);
    expect(READ_RIGHTS.map((r) => r.call).sort()).toEqual(reads.sort());
    expect(Object.keys(SAMPLES).sort()).toEqual(reads.sort());
  });

  it('with the write-rights table covers every logged-in call', () => {
    const covered = new Set([...READ_RIGHTS, ...WRITE_RIGHTS].map((r) => r.call));
    const missing = catalogue.filter(({ call, e }) => e.auth === 'user' && !covered.has(call));
    expect(missing.map((m) => m.call)).toEqual([]);
  });

  // docs/roles.md shows the table as the code has it (prettier pads its cells; they are compared trimmed).
  it('is the table docs/roles.md shows', () => {
    expect(tableCells(rolesDocTable('read-rights'))).toEqual(
      tableCells(renderReadRights(catalogueCallPaths())),
    );
  });

  it('never lets another account or the visitor read an account', () => {
    for (const row of READ_RIGHTS)
      for (const role of ['otherAccount', 'visitor'] as const)
        expect(row.rights[role], `${row.call} as ${role}`).not.toBe('yes');
  });
});

describe(`every read call as every role, on ${TEST_ENGINE}`, { timeout: 120_000 }, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: Ids;
  let masterId = 0;

  const send = (who: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });

  beforeAll(async () => {
    t = await createTestApp({ demoFans: true, demoMonitors: true });
    const uid = {} as Record<Account, number>;
    for (const u of ['hay', 'grain', 'compost'] as const)
      uid[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    masterId = (await t.findUser('master@demo.emberwatch'))!.id;
    // Farm hands of the grain and compost farms (the demo has the hay farm's), and the advisor
    // authorised on the compost works too.
    const helper = (await t.findUser('hay-helper@demo.emberwatch'))!;
    const { id: _id, ...row } = helper;
    for (const farm of ['grain', 'compost'] as const)
      await t.store.db
        .insertInto('users')
        .values({ ...row, username: `${farm}-helper@demo.emberwatch`, main_user_id: uid[farm] })
        .execute();
    await t.store.db
      .updateTable('master_authorizations' as never)
      .set({ authorized: 1 } as never)
      .where('master_user_id' as never, '=', masterId as never)
      .execute();
    // The hay farm has the siteindex flag and three stations: its own site index (decision 0105).
    await t.store.db.updateTable('users').set({ siteindex: 1 }).where('id', '=', uid.hay).execute();
    for (const u of new Set(Object.values(PLAYERS).flatMap((p) => Object.values(p))))
      tokens[u] = await t.login(`${u}@demo.emberwatch`);

    const storages = await send('hay', `/client/getStorages?UID=${uid.hay}`);
    const hayStorage = storages.json<{ results: { itemID: number }[] }>().results[0]!.itemID;
    // An invoice of the compost works (a supervisor pays by invoice), as the payments tests order one.
    await t.store.db
      .updateTable('users')
      .set({ plan_due_ts: Math.floor(Date.now() / 1000) + 30 * 86_400 })
      .where('id', '=', uid.compost)
      .execute();
    const offer = (await send('compost', `/client/getUpgradeInfo?UID=${uid.compost}`)).json<{
      renewal: unknown;
      taxRate: number;
    }>();
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/invoiceRequest',
      headers: bearer(tokens.compost!),
      payload: {
        customerName: 'Compost BV',
        receiptEmail: 'billing@compost.example',
        billingInfo: {
          name: 'Compost Manager',
          email: 'billing@compost.example',
          company: 'Compost BV',
          address: 'Veldweg 1',
          zip: '1234 AB',
          city: 'Utrecht',
          country: 'Netherlands',
        },
        planRenewal: offer.renewal,
        taxRate: offer.taxRate,
        termsAccepted: true,
      },
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/client/saveBatch',
      headers: bearer(tokens.compost!),
      payload: { UID: uid.compost, batch: { BS_ID: 'F3000001', batch_name: 'Rights', probes: [] } },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const verification = await t.app.inject({
      method: 'POST',
      url: '/client/startVerification',
      headers: bearer(tokens.hay!),
      payload: { BS_ID: 'F1000001', probeID: 'H10001', verifixID: 'H10002', verifixBS: 'F1000001' },
    });
    expect(verification.statusCode, verification.body).toBe(200);
    ids = {
      hayVerification: verification.json<{ result: { itemID: number } }>().result.itemID,
      uid,
      hayStorage,
      compostInvoice: invoice.json<{ invoice_id: number }>().invoice_id,
      compostBatch: batch.json<{ result: { batch_id: number } }>().result.batch_id,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const cases = READ_RIGHTS.flatMap((row) =>
    READ_ROLES.map((role) => [row.call, role, row.rights[role]] as const),
  );

  it.each(cases)('%s as %s: %s', async (call, role, right) => {
    const sample = SAMPLES[call]!;
    await t.store.db
      .updateTable('users')
      .set({ grand_master: role === 'grandMaster' ? 1 : 0 })
      .where('id', '=', masterId)
      .execute();
    const res = await send(PLAYERS[sample.account][role], sample.url(ids));
    if (right === 'no')
      expect([403, 404], `${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
    else expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });
});

describe(`no logged-in call without a user, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const userCalls = catalogue.filter(({ e }) => e.auth === 'user');
  it.each(userCalls.map(({ call, e }) => [call, e.method, e.path] as const))(
    '%s (%s %s) refuses an anonymous caller and a station credential',
    async (_call, method, url) => {
      const anonymous = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      const station = await t.app.inject({
        method,
        url,
        headers: { authorization: `Station F1000001:${t.secretOf('F1000001')}` },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(station.statusCode, station.body).toBe(401);
    },
  );

  it.each(
    catalogue.filter(({ e }) => e.auth === 'station').map(({ call, e }) => [call, e.path, e.method] as const),
  )('%s (%s) refuses a user token', async (_call, url, method) => {
    const token = await t.login('hay@demo.emberwatch');
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      payload: method === 'POST' ? {} : undefined,
    });
    expect(res.statusCode, res.body).toBe(401);
  });
});

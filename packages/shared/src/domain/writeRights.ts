import { mayActivateKits } from './activation/activationRules.js';
import { mayChangeBatches, type BatchChange } from './batches/batchRights.js';
import { mayChange, type AccountChange, type ChangeRightsContext } from './changeRights.js';
import { mayChangeFans, type FanChange } from './fans/fanRights.js';
import { operatorToolRule, type OperatorToolName } from './operatorTools.js';

/**
 * Who may make each write call of the API (docs/roles.md, docs/decisions/0074-write-rights.md): one
 * row per call of the catalogue that changes something (every logged-in POST, and the GETs in
 * WRITE_GETS), and per part of a call when its parts differ. The server applies the rules named in
 * `rule`; a test sends every call as every role and compares the answers with this table
 * (apps/server/test/writeRights.test.ts), and docs/roles.md is checked against renderWriteRights().
 */
export const WRITE_ROLES = ['owner', 'subUser', 'master', 'grandMaster', 'admin'] as const;
export type WriteRole = (typeof WRITE_ROLES)[number];

/**
 * - `yes`: may make the call for the account (a master or an admin names it by UID or its station);
 * - `no`: refused with 403, nothing changed;
 * - `own`: only for the caller's own things (preferences, password, devices, names), never another's.
 */
export type WriteRight = 'yes' | 'no' | 'own';

export interface WriteRightsRow {
  /** The call: `group.name` in the catalogue (contracts/endpoints.ts). */
  call: string;
  /** What of the call this row is about, when its parts have different rights. */
  part?: string;
  rights: Readonly<Record<WriteRole, WriteRight>>;
  /** The rule the server applies (a shared function, or the service that checks). */
  rule: string;
  /** An operator's call: the tool whose staff levels may make it (operatorTools.ts, staffLevels.test.ts). */
  tool?: OperatorToolName;
}

/** Logged-in GETs that change something (the catalogue's other writes are its POSTs). */
// loginAdmin opens a customer's session (the spec makes it a GET).
// processStorageMonitors may raise alerts (and send them) now rather than at the next reading.
export const WRITE_GETS: readonly string[] = [
  'fans.runScheduler',
  'staff.loginAdmin',
  'monitors.processStorageMonitors',
  'publicApi.generateKey',
];

/** Each role as the shared change rules see it (the account's owner is none of the others). */
export const ROLE_CONTEXTS: Readonly<Record<WriteRole, ChangeRightsContext>> = {
  owner: { admin: false, master: false, grandMaster: false, subUser: false },
  subUser: { admin: false, master: false, grandMaster: false, subUser: true },
  master: { admin: false, master: true, grandMaster: false, subUser: false },
  grandMaster: { admin: false, master: true, grandMaster: true, subUser: false },
  admin: { admin: true, master: false, grandMaster: false, subUser: false },
};

function rightsBy(may: (ctx: ChangeRightsContext) => boolean): Record<WriteRole, WriteRight> {
  return Object.fromEntries(WRITE_ROLES.map((r) => [r, may(ROLE_CONTEXTS[r]) ? 'yes' : 'no'])) as Record<
    WriteRole,
    WriteRight
  >;
}

function fixed(yes: readonly WriteRole[], right: WriteRight = 'yes'): Record<WriteRole, WriteRight> {
  return Object.fromEntries(WRITE_ROLES.map((r) => [r, yes.includes(r) ? right : 'no'])) as Record<
    WriteRole,
    WriteRight
  >;
}

const change = (c: AccountChange): Pick<WriteRightsRow, 'rights' | 'rule'> => ({
  rights: rightsBy((ctx) => mayChange(ctx, c)),
  rule: `mayChange('${c}')`,
});
const fan = (c: FanChange): Pick<WriteRightsRow, 'rights' | 'rule'> => ({
  rights: rightsBy((ctx) => mayChangeFans(ctx, c)),
  rule: `mayChangeFans('${c}')`,
});
const batch = (c: BatchChange): Pick<WriteRightsRow, 'rights' | 'rule'> => ({
  rights: rightsBy((ctx) => mayChangeBatches(ctx, c)),
  rule: `mayChangeBatches('${c}')`,
});
const ownerAndAdmin = (rule: string) => ({ rights: fixed(['owner', 'admin']), rule });
const adminOnly = (rule: string) => ({ rights: fixed(['admin']), rule });
/** An operator's call: staff only, the levels of its tool's row (operatorTools.ts). */
const operatorTool = (tool: OperatorToolName) => ({ ...adminOnly(operatorToolRule(tool)), tool });
const everyoneOwn = (rule: string) => ({ rights: fixed(WRITE_ROLES, 'own'), rule });

export const WRITE_RIGHTS: readonly WriteRightsRow[] = [
  // The user's own things.
  { call: 'users.uiPrefs', ...everyoneOwn('own preferences (an admin also a customer’s, by UID)') },
  { call: 'account.changeUserPassword', ...everyoneOwn('own password (an admin also a customer’s)') },
  { call: 'notifications.notificationsSeen', ...everyoneOwn('own notifications') },
  { call: 'sites.saveSiteNames', ...everyoneOwn('own names of the sites the caller sees') },
  { call: 'push.getPushStatus', ...everyoneOwn('own devices (a read sent as POST)') },
  { call: 'push.subscribePush', ...everyoneOwn('own devices') },
  { call: 'push.unsubscribePush', ...everyoneOwn('own devices') },
  { call: 'push.testPush', ...everyoneOwn('own devices') },
  { call: 'alertChannels.testPushAlert', ...everyoneOwn('own devices, through the outbox (decision 0072)') },
  {
    call: 'alertChannels.voiceTestCall',
    ...everyoneOwn('own confirmed phone only; 2 min apart, 3 an account a day (decision 0120)'),
  },
  {
    call: 'alertChannels.getAlertChannels',
    rights: fixed(WRITE_ROLES),
    rule: 'alertChannels.policy: a read sent as POST (decision 0072)',
  },
  // The account: its people, its access, its service.
  {
    call: 'masterAccess.inviteMasterUser',
    ...ownerAndAdmin('masterAccess.policy: mayGrantMasters (decision 0104)'),
  },
  {
    call: 'masterAccess.withdrawMasterUsers',
    ...ownerAndAdmin('masterAccess.policy: mayGrantMasters (decision 0104)'),
  },
  // A master user's own account (decision 0104): only the master itself, never for a farm.
  {
    call: 'masterUsers.saveMasterUser',
    rights: fixed(['master', 'grandMaster'], 'own'),
    rule: 'masterUsers.policy: mayManageMasterAccount (decision 0104)',
  },
  {
    call: 'masterUsers.stopWatchingAccount',
    rights: fixed(['master', 'grandMaster'], 'own'),
    rule: 'masterUsers.policy: mayManageMasterAccount (decision 0104)',
  },
  // `yes`, not `own`: the rights test sends a wrong password, so the one demo master stays.
  {
    call: 'masterUsers.removeMasterUser',
    rights: fixed(['master', 'grandMaster']),
    rule: 'masterUsers.policy: mayManageMasterAccount (decision 0104)',
  },
  { call: 'masterAccess.authorizeMasterUsers', ...ownerAndAdmin('owner or admin (decision 0044)') },
  { call: 'account.updateUserProfile', ...ownerAndAdmin('account.policy: mayEditAccount (decision 0036)') },
  { call: 'account.checkUsername', ...ownerAndAdmin('account.policy: mayEditAccount (decision 0036)') },
  { call: 'account.addNewUser', ...ownerAndAdmin('account.policy: mayEditAccount (decision 0036)') },
  { call: 'account.updateSubUser', ...ownerAndAdmin('account.policy: mayEditAccount (decision 0036)') },
  { call: 'account.deleteSubUser', ...ownerAndAdmin('account.policy: mayEditAccount (decision 0036)') },
  { call: 'account.changeUserPhone', ...ownerAndAdmin('account.policy: mayEditAccount (decision 0036)') },
  { call: 'account.confirmMobile', ...ownerAndAdmin('account.policy: mayEditAccount (decision 0036)') },
  // Probe verification (decision 0113): the owner, its users (who place the reference probe), grand
  // masters and staff start and end one; deleting a record of one is the owner's (or staff's).
  {
    call: 'verification.startVerification',
    rights: fixed(['owner', 'subUser', 'grandMaster', 'admin']),
    rule: 'verification.policy: mayRunVerification, with the Insight service',
  },
  {
    call: 'verification.stopVerification',
    rights: fixed(['owner', 'subUser', 'grandMaster', 'admin']),
    rule: 'verification.policy: mayRunVerification',
  },
  {
    call: 'verification.deleteVerification',
    rights: fixed(['owner', 'grandMaster', 'admin']),
    rule: 'verification.policy: mayDeleteVerification',
  },
  { call: 'insight.saveInsightSurvey', ...ownerAndAdmin('owner or admin (InsightService)') },
  { call: 'insight.saveInsightStorages', ...ownerAndAdmin('owner or admin (InsightService)') },
  { call: 'insight.insightMigration', ...ownerAndAdmin('owner or admin (MigrationService)') },
  { call: 'insight.testMigrationCall', ...ownerAndAdmin('owner or admin (MigrationService)') },
  {
    call: 'services.saveExtraServices',
    ...ownerAndAdmin('services.policy: mayOrderServices (decision 0108)'),
  },
  { call: 'payments.charge', ...ownerAndAdmin('payments.policy: mayPayFor (decision 0056)') },
  { call: 'payments.confirmPayment', ...ownerAndAdmin('payments.policy: mayPayFor (decision 0056)') },
  { call: 'payments.invoiceRequest', ...ownerAndAdmin('payments.policy: mayPayFor (decision 0056)') },
  {
    call: 'activation.activateKit',
    rights: rightsBy((ctx) => mayActivateKits(ctx)),
    rule: 'mayActivateKits',
  },
  // The Haytech app's activations (decision 0117): a hay-app account's owner only (the farms this
  // table is tested on are main-system accounts, so their owner is refused); staff name a hay-app account.
  ...(['partnerApps.activateHaytechAppBS', 'partnerApps.activateHaytechAppProbeset'] as const).map(
    (call) => ({
      call,
      rights: fixed(['admin']),
      rule: "partnerApps.policy: a hay-app account's owner (staff: a hay-app account named), then mayActivateKits",
    }),
  ),
  // Stations and probes (decision 0014).
  { call: 'probes.sensorConf', part: 'probe names', ...change('renameProbe') },
  { call: 'probes.sensorConf', part: 'corrections', ...change('correctProbe') },
  { call: 'probes.toggleSensors', ...change('toggleProbes') },
  { call: 'probes.transferSensors', ...change('transferProbes') },
  { call: 'probes.updateBsDisplayName', ...change('editStation') },
  { call: 'probes.setBsTimezone', ...change('editStation') },
  { call: 'stationAdmin.saveBsConf', ...change('editStation') },
  // Storages, their alerts and the site plan (decisions 0019, 0025, 0038, 0074).
  { call: 'storages.saveStorage', part: 'name, type, layout, probes placed', ...change('editStorage') },
  { call: 'storages.saveStorage', part: 'alert messaging', ...change('editStorageAlerts') },
  { call: 'storages.saveStorage', part: 'monitor', ...change('editStorageAlerts') },
  { call: 'storages.setCustomAlertHours', ...change('editStorageAlerts') },
  { call: 'storages.removeStorage', ...change('removeStorage') },
  { call: 'sites.saveSite', ...change('editSite') },
  // Monitors and alerts (decisions 0033, 0071).
  { call: 'monitors.saveMonitor', ...change('editMonitor') },
  { call: 'monitors.removeMonitor', ...change('editMonitor') },
  {
    call: 'monitors.processStorageMonitors',
    rights: fixed(WRITE_ROLES),
    rule: 'whoever sees the account: it judges sooner what the monitors would judge anyway (decision 0108)',
  },
  { call: 'monitors.resetAlerts', ...change('resetAlert') },
  { call: 'monitors.acknowledgeAlerts', ...change('acknowledgeAlert') },
  { call: 'delivery.acknowledgeDataBreak', ...change('acknowledgeAlert') },
  { call: 'dataBreaks.saveDataBreakSettings', ...change('editDataBreaks') },
  // Sentinel (decision 0046): the target and its secret are the owner's; the test call is harmless.
  { call: 'sentinel.sentinelCall', ...ownerAndAdmin('sentinel.policy: read') },
  { call: 'sentinel.rotateSentinelSecret', ...ownerAndAdmin('sentinel.policy: rotate') },
  { call: 'sentinel.setSentinelTarget', ...ownerAndAdmin('sentinel.policy: configure (decision 0072)') },
  {
    call: 'sentinel.testSentinelCall',
    rights: fixed(['owner', 'subUser', 'grandMaster', 'admin']),
    rule: 'sentinel.policy: test',
  },
  // Fan controllers (decision 0037).
  { call: 'fans.setFcManualCommand', ...fan('driveFan') },
  { call: 'fans.runScheduler', ...fan('driveFan') },
  { call: 'fans.setFcUse', ...fan('assignFan') },
  { call: 'fans.setFcAssignment', ...fan('assignFan') },
  { call: 'fans.clearFcAssignment', ...fan('assignFan') },
  { call: 'fans.saveRcScheduler', ...fan('assignFan') },
  // Compost batches (decision 0049).
  { call: 'batches.saveBatch', ...batch('editBatch') },
  { call: 'batches.saveProcessPhases', part: 'a batch’s phases', ...batch('editBatch') },
  { call: 'batches.saveProcessPhases', part: 'the account’s defaults', ...batch('editBatchDefaults') },
  { call: 'batches.addBatchTurning', ...batch('recordTurning') },
  { call: 'batches.removeBatchTurning', ...batch('recordTurning') },
  { call: 'batches.archiveBatches', ...batch('archiveBatch') },
  // The operator's tools: admins only, for any account.
  { call: 'insight.insightHold', ...operatorTool('insightService') },
  { call: 'insight.insightFreemiumTrial', ...operatorTool('insightService') },
  { call: 'insight.setInsight', ...operatorTool('insightService') },

  { call: 'insight.setMigrationOn', ...operatorTool('migrationSettings') },
  { call: 'payments.setPlanInfo', ...operatorTool('plans') },
  { call: 'services.registerService', ...operatorTool('serviceRegistration') },
  // The staff and the customer's session (decision 0099).
  { call: 'staff.setAdminUserGroup', ...operatorTool('staffManagement') },
  { call: 'staff.addAdminUser', ...operatorTool('staffManagement') },
  { call: 'staff.removeAdminUser', ...operatorTool('staffManagement') },
  { call: 'staff.loginAdmin', ...operatorTool('customerSession') },
  { call: 'activation.registerMultipleBSs', ...operatorTool('kitRegistration') },
  { call: 'activation.registerMultipleSets', ...operatorTool('kitRegistration') },
  { call: 'activation.activateUsersSet', ...operatorTool('kitActivation') },
  { call: 'activation.activateKitAdmin', ...operatorTool('kitActivation') },
  { call: 'activation.removeSet', ...operatorTool('probeSetRemoval') },
  { call: 'activation.undoBSActivation', ...operatorTool('activationUndo') },
  { call: 'fans.registerController', ...operatorTool('controllerRegistration') },
  { call: 'sentinel.setSentinelAlerts', ...operatorTool('sentinelTargets') },
  { call: 'delivery.fakeSmsReply', ...operatorTool('fakeProviderPlay') },
  { call: 'delivery.fakeCallKeys', ...operatorTool('fakeProviderPlay') },
  { call: 'stationLogs.postBsLoggingStatus', ...operatorTool('stationLogging') },
  { call: 'alertChannels.setVoiceCalls', ...operatorTool('voiceCalls') },
  { call: 'connections.setClientSocket', ...operatorTool('liveSwitches') },
  { call: 'connections.setServerSocket', ...operatorTool('liveSwitches') },
  { call: 'connections.setRcTestResponse', ...operatorTool('rcTestResponses') },
  { call: 'connections.setRcTestResponseEnabled', ...operatorTool('rcTestResponses') },
  { call: 'sims.checkSIMs', ...operatorTool('sims') },
  { call: 'sims.storeSIMs', ...operatorTool('simChanges') },
  { call: 'sims.setBSSIM', ...operatorTool('simChanges') },
  { call: 'sims.setSIMExpiration', ...operatorTool('simChanges') },
  { call: 'gariMigration.checkGariUsername', ...operatorTool('gariMigrationCheck') },
  { call: 'gariMigration.checkGariMigration', ...operatorTool('gariMigrationCheck') },
  { call: 'gariMigration.migrateGariUser', ...operatorTool('gariMigration') },
  { call: 'gariMigration.confirmGariMobile', ...operatorTool('gariMigration') },
  { call: 'broadcasts.sendBroadcastMessage', ...operatorTool('broadcastSend') },
  { call: 'broadcasts.saveNewsCampaigns', ...operatorTool('newsCampaigns') },
  { call: 'customers.registerUser', ...operatorTool('customerRegistration') },
  { call: 'customers.setUserLocation', ...operatorTool('customerLocation') },
  { call: 'stationAdmin.replaceBasestation', ...operatorTool('stationReplacement') },
  { call: 'stationAdmin.deactivateBS', ...operatorTool('stationRemoval') },
  { call: 'stationAdmin.groupBSs', ...operatorTool('stationGrouping') },
  { call: 'accountMerge.checkAccountMerge', ...operatorTool('accountMerge') },
  { call: 'accountMerge.doAccountMerge', ...operatorTool('accountMerge') },
  { call: 'stationAdmin.saveProbeStopSettings', ...operatorTool('probeStopSettings') },
  { call: 'firmware.saveOTAForBS', ...operatorTool('otaManage') },
  { call: 'firmware.cancelPendingOTA', ...operatorTool('otaManage') },
  { call: 'firmware.addFirmwareImage', ...operatorTool('otaManage') },
  {
    call: 'translations.updateTranslations',
    ...adminOnly('translators (their languages) and the root admin'),
  },
  // The account's API keys (decision 0109): its owner's alone; the secret is answered once.
  {
    call: 'publicApi.generateKey',
    rights: fixed(['owner'], 'own'),
    rule: 'publicApi.policy: the account owner',
  },
  {
    call: 'publicApi.renameApiKey',
    rights: fixed(['owner'], 'own'),
    rule: 'publicApi.policy: the account owner',
  },
  {
    call: 'publicApi.revokeApiKey',
    rights: fixed(['owner'], 'own'),
    rule: 'publicApi.policy: the account owner',
  },
  {
    call: 'publicApi.rotateApiKey',
    rights: fixed(['owner'], 'own'),
    rule: 'publicApi.policy: the account owner',
  },
];

const LABELS: Record<WriteRole, string> = {
  owner: 'Owner',
  subUser: 'Sub-user',
  master: 'Master',
  grandMaster: 'Grand master',
  admin: 'Admin',
};

/** The table as docs/roles.md shows it (a test keeps the two the same). */
export function renderWriteRights(paths: Readonly<Record<string, string>>): string {
  const head = `| call | part | ${WRITE_ROLES.map((r) => LABELS[r]).join(' | ')} | rule |`;
  const line = `| --- | --- | ${WRITE_ROLES.map(() => '---').join(' | ')} | --- |`;
  const rows = WRITE_RIGHTS.map(
    (r) =>
      `| \`${paths[r.call] ?? r.call}\` | ${r.part ?? ''} | ${WRITE_ROLES.map((role) => r.rights[role]).join(' | ')} | ${r.rule} |`,
  );
  return [head, line, ...rows].join('\n');
}

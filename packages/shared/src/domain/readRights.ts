import { WRITE_ROLES } from './writeRights.js';
import { operatorToolRule, type OperatorToolName } from './operatorTools.js';

/**
 * Who may make each read call of the API (docs/roles.md): one row per logged-in GET of the catalogue
 * that changes nothing (the write GETs are in WRITE_RIGHTS). Together the two tables cover every
 * `user` call; apps/server/test/readRights.test.ts checks that, and sends every read as every role
 * naming the account's own ids, comparing the answers with this table.
 *
 * Two roles more than the write table has, because reads are where a leak would be:
 * - `otherAccount`: the owner of another farm, naming this account's ids (UID, station, probe,
 *   storage, batch, controller, invoice);
 * - `visitor`: the public demo login (a demo-mode account of its own), naming this account's ids.
 * Both must always be refused: no row may say otherwise, and the table's own test checks it.
 */
export const READ_ROLES = [...WRITE_ROLES, 'otherAccount', 'visitor'] as const;
export type ReadRole = (typeof READ_ROLES)[number];

/**
 * - `yes`: answers with the named account's data;
 * - `no`: refused with 403 (or 404 where the call's object is unknown to the caller), no data;
 * - `own`: names no account (or its UID only works for an admin): answers with the caller's own.
 */
export type ReadRight = 'yes' | 'no' | 'own';

export interface ReadRightsRow {
  /** The call: `group.name` in the catalogue (contracts/endpoints.ts). */
  call: string;
  rights: Readonly<Record<ReadRole, ReadRight>>;
  /** The rule the server applies. */
  rule: string;
  /** An operator's call: the tool whose staff levels may make it (operatorTools.ts, staffLevels.test.ts). */
  tool?: OperatorToolName;
}

function fixed(yes: readonly ReadRole[], right: ReadRight = 'yes'): Record<ReadRole, ReadRight> {
  return Object.fromEntries(READ_ROLES.map((r) => [r, yes.includes(r) ? right : 'no'])) as Record<
    ReadRole,
    ReadRight
  >;
}

/** Whoever may see the account reads all of it (decision 0014). */
const seers = (rule = 'AccessService: owner, its users, masters it authorised, admins') => ({
  rights: fixed(['owner', 'subUser', 'master', 'grandMaster', 'admin']),
  rule,
});
const ownerAndAdmin = (rule: string) => ({ rights: fixed(['owner', 'admin']), rule });
const adminOnly = (rule: string) => ({ rights: fixed(['admin']), rule });
/** An operator's call: staff only, the levels of its tool's row (operatorTools.ts). */
const operatorTool = (tool: OperatorToolName) => ({ ...adminOnly(operatorToolRule(tool)), tool });
const ownOnly = (rule: string) => ({ rights: fixed(READ_ROLES, 'own'), rule });

export const READ_RIGHTS: readonly ReadRightsRow[] = [
  // The caller's own session and things: no account named.
  { call: 'sessions.auth', ...ownOnly('the caller itself') },
  { call: 'sessions.getSessionInfo', ...ownOnly('the caller itself') },
  {
    call: 'account.getMasterUserInfo',
    rights: fixed(['master', 'grandMaster'], 'own'),
    rule: 'the master’s own page (spec doc 1 §6)',
  },
  { call: 'insight.getInsightTrialTime', ...ownOnly('the caller’s account') },
  { call: 'sites.getSiteNames', ...ownOnly('own names of the sites the caller sees') },
  {
    call: 'siteIndex.getMultisiteData',
    rights: fixed(['owner', 'subUser', 'master', 'grandMaster'], 'own'),
    rule: 'siteIndex.policy: masters; siteindex flag and several BSs',
  },
  { call: 'push.getPushKey', ...ownOnly('the server’s public key') },
  // The account.
  { call: 'users.userInfo', ...seers() },
  {
    call: 'users.getUserInfoAndConf',
    ...seers('as userInfo, then bsConf’s check per station (decision 0108)'),
  },
  { call: 'account.accountInfo', ...seers('AccessService.accountScope') },
  { call: 'insight.getInsightSurvey', ...seers() },
  // The farm's masters and the lookup before an invitation (decision 0104): who may grant them.
  {
    call: 'masterAccess.getAccountMasters',
    ...ownerAndAdmin('masterAccess.policy: mayGrantMasters (decision 0104)'),
  },
  {
    call: 'masterAccess.getMasterUserByUsername',
    ...ownerAndAdmin('masterAccess.policy: mayGrantMasters (decision 0104)'),
  },
  { call: 'payments.getUpgradeInfo', ...ownerAndAdmin('payments.policy: mayPayFor (decision 0056)') },
  { call: 'payments.getRenewalInfo', ...ownerAndAdmin('payments.policy: mayPayFor (decision 0056)') },
  { call: 'payments.invoicePdf', ...ownerAndAdmin('payments.policy: mayPayFor (decision 0056)') },
  { call: 'notifications.getNotifications', ...seers() },
  { call: 'dataBreaks.getDataBreakSettings', ...seers() },
  { call: 'gariMigration.gariMigrationState', ...seers('AccessService.accountScope') },
  // Stations, probes and their readings.
  { call: 'baseStations.basestationArray', ...seers() },
  { call: 'baseStations.bsConf', ...seers() },
  { call: 'baseStations.data', ...seers() },
  { call: 'probes.sensorData', ...seers() },
  { call: 'probes.snapshot', ...seers() },
  { call: 'probes.minmaxData', ...seers() },
  { call: 'stationAdmin.soc', ...seers() },
  { call: 'stationAdmin.auxMinmax', ...seers() },
  { call: 'probes.data2', ...seers() },
  { call: 'export.exportData', ...seers() },
  // Storages, sites, monitors, alerts and quality.
  { call: 'storages.getStorages', ...seers() },
  { call: 'storages.getAlertRecipients', ...seers() },
  { call: 'sites.getSite', ...seers() },
  { call: 'monitors.getMonitors', ...seers() },
  { call: 'monitors.getStorageLogbook', ...seers() },
  { call: 'delivery.getDeliveryLog', ...seers() },
  { call: 'quality.getQuality', ...seers() },
  { call: 'quality.getQualityOverview', ...seers() },
  // A probe's verifications and their readings (decision 0113): whoever may see the probe.
  { call: 'verification.getVerifications', ...seers('verification.policy: whoever may see the probe') },
  { call: 'verification.verifixData', ...seers('verification.policy: whoever may see the probe') },
  // Fans and batches.
  { call: 'fans.getFcItem', ...seers() },
  { call: 'fans.rcLogs', ...seers() },
  { call: 'fans.getRcScheduler', ...seers() },
  { call: 'batches.getBatches', ...seers('batches.policy (decision 0049)') },
  { call: 'batches.getBatchCounts', ...seers('batches.policy (decision 0049)') },
  { call: 'batches.getProcessPhases', ...seers('batches.policy (decision 0049)') },
  { call: 'batches.getChangedBatches', ...seers('batches.policy (decision 0049)') },
  { call: 'batches.getPhaseRClog', ...seers('batches.policy (decision 0049)') },
  { call: 'batches.getSanitisationReport', ...seers('batches.policy (decision 0049)') },
  // Translations.
  { call: 'translations.getUserTranslations', ...seers() },
  { call: 'translations.getAdminTranslations', ...adminOnly('admin or translator (spec doc 3 §6)') },
  { call: 'translations.getTranslationLanguages', ...adminOnly('root admin or translator (decision 0106)') },
  // The operator's tools.
  { call: 'account.getSMSData', ...operatorTool('sentCodes') },
  { call: 'insight.getMigrationCount', ...operatorTool('migrationStatus') },
  { call: 'activation.getKit', ...operatorTool('kitList') },
  { call: 'probes.getSensorStats', ...operatorTool('probeAnalysis') },
  { call: 'delivery.getOutbox', ...operatorTool('outbox') },
  { call: 'delivery.fakeSmsMessages', ...operatorTool('fakeProviderRead') },
  // The stations' call logs (decision 0090): every staff level reads them.
  { call: 'stationLogs.bsCommData', ...operatorTool('stationLogs') },
  { call: 'stationLogs.getMobileTelemetry', ...operatorTool('stationLogs') },
  { call: 'stationLogs.getBsLogs', ...operatorTool('stationLogs') },
  { call: 'stationLogs.getBsLoggingList', ...operatorTool('stationLogs') },
  { call: 'stationLogs.getEarlyBsCallsLog', ...operatorTool('stationLogs') },
  { call: 'adminConsole.consoleInfo', ...operatorTool('adminBar') },
  { call: 'adminConsole.basestations', ...operatorTool('stationSearch') },
  { call: 'adminConsole.findSystem', ...operatorTool('stationSearch') },
  { call: 'audit.getAuditLog', ...operatorTool('auditLog') },
  { call: 'connections.getSocketStatuses', ...operatorTool('liveConnections') },
  { call: 'connections.rcList', ...operatorTool('rcTests') },
  { call: 'connections.getRcTestResponseEnabled', ...operatorTool('rcTests') },
  { call: 'connections.getFSList', ...operatorTool('fieldSystems') },
  { call: 'services.getServices', ...operatorTool('services') },
  { call: 'sims.getSIM', ...operatorTool('sims') },
  { call: 'sims.simList', ...operatorTool('sims') },
  { call: 'sims.getValidityOverview', ...operatorTool('validityOverview') },
  { call: 'gariMigration.getGariMigrations', ...operatorTool('gariMigrationCheck') },
  { call: 'broadcasts.getBroadcastUsers', ...operatorTool('broadcasts') },
  { call: 'broadcasts.getBroadcasts', ...operatorTool('broadcasts') },
  { call: 'broadcasts.getNewsCampaigns', ...operatorTool('broadcasts') },
  // The customers (decision 0098).
  { call: 'customers.getusers', ...operatorTool('customers') },
  { call: 'customers.getMasterUsers', ...operatorTool('customers') },
  { call: 'customers.getMigratedUsers', ...operatorTool('customers') },
  { call: 'customers.getuserLocations', ...operatorTool('customers') },
  { call: 'customers.getCustomer', ...operatorTool('customers') },
  { call: 'staff.adminUsers', ...operatorTool('staffList') },
  // A station's tools (decision 0094).
  { call: 'stationAdmin.getReplacementHistory', ...operatorTool('replacementHistory') },
  { call: 'stationAdmin.getProbeStopSettings', ...operatorTool('probeStopRead') },
  // The diagnostics (decision 0095).
  { call: 'diagnostics.logs', ...operatorTool('serverDiagnostics') },
  { call: 'diagnostics.accesslogs', ...operatorTool('serverDiagnostics') },
  { call: 'diagnostics.getSysOpList', ...operatorTool('serverDiagnostics') },
  { call: 'diagnostics.getGariCallLog', ...operatorTool('serverDiagnostics') },
  { call: 'diagnostics.getTestDataAll', ...operatorTool('registrations') },
  { call: 'diagnostics.getBSRegistrations', ...operatorTool('registrations') },
  { call: 'diagnostics.getProbeRegistrations', ...operatorTool('registrations') },
  { call: 'firmware.getOTAForBS', ...operatorTool('otaRead') },
  { call: 'firmware.getOTAStatus', ...operatorTool('otaRead') },
  { call: 'firmware.firmwareImages', ...operatorTool('otaRead') },
  { call: 'firmware.otaStations', ...operatorTool('otaRead') },
  // The account's API keys (decision 0109): its owner's alone.
  {
    call: 'publicApi.getApiKeys',
    rights: fixed(['owner', 'otherAccount'], 'own'),
    rule: 'publicApi.policy: the account owner',
  },
];

const LABELS: Record<ReadRole, string> = {
  owner: 'Owner',
  subUser: 'Sub-user',
  master: 'Master',
  grandMaster: 'Grand master',
  admin: 'Admin',
  otherAccount: 'Other account',
  visitor: 'Visitor',
};

/** The table as docs/roles.md shows it (`paths`: `group.name` → `METHOD /path`). */
export function renderReadRights(paths: Readonly<Record<string, string>>): string {
  const head = `| call | ${READ_ROLES.map((r) => LABELS[r]).join(' | ')} | rule |`;
  const line = `| --- | ${READ_ROLES.map(() => '---').join(' | ')} | --- |`;
  const rows = READ_RIGHTS.map(
    (r) =>
      `| \`${paths[r.call] ?? r.call}\` | ${READ_ROLES.map((role) => r.rights[role]).join(' | ')} | ${r.rule} |`,
  );
  return [head, line, ...rows].join('\n');
}

import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../src/contracts/endpoints';

/**
 * Every call the spec names is served (issue 33 item 7). The list is spec document 1 §7 "Calls made"
 * (/work/shared/spec/1-shell-session-insight-settings-calls.md, not in this repository), copied here
 * as data, group by group in the spec's order: 185 calls.
 */
const client = (names: string) => names.split(' ').map((n) => `/client/${n}`);
const admin = (names: string) => names.split(' ').map((n) => `/admin/${n}`);

const SPEC_CALLS: { GET: readonly string[]; POST: readonly string[] } = {
  GET: [
    // Auth and session
    ...['/admin/login', '/admin/loginAdmin', '/auth', '/client/getSessionInfo'],
    // Users
    ...client('getMasterUserInfo getUserInfoAndConf userInfo getPasswordCodeByUsername getUsernameSMS'),
    // Data
    ...client(
      'basestationArray bsCommData getMobileTelemetry bsConf soc data snapshot sensorData data2 minmaxData auxMinmax getUpgradeInfo getRenewalInfo',
    ),
    '/data/processStorageMonitors',
    // Batches and storages
    ...client(
      'getBatches getBatchCounts getProcessPhases getChangedBatches getMultisiteData getSiteNames getSite getStorages getMonitors getRcScheduler rcLogs getPhaseRClog',
    ),
    // Field controllers
    ...['/fc/getFcItem', '/fc/runScheduler', '/fc/poll2'],
    // Insight
    ...client('getInsightTrialTime getInsightSurvey getVerifications verifixData'),
    // Public API
    ...['generateKey', 'getSummary', 'getOverview', 'getMeasurements'].map((n) => `/api/v1/${n}`),
    // Translations
    ...['/client/getAnonymousTranslations', '/client/getUserTranslations', '/admin/getAdminTranslations'],
    // Migration
    '/getMigrationCount',
    // Admin GET
    ...admin(
      'getSysOpList getSMSData getFSList basestations getBroadcastUsers getusers getMigratedUsers getMasterUsers getuserLocations getNewsCampaigns getOTAForBS getOTAStatus getSIM getTestDataAll getValidityOverview getEarlyBsCallsLog getBsLogs getBsLoggingList getGariCallLog findSystem getSocketStatuses getSensorStats logs getProbeStopSettings accesslogs simList rcList getRcTestResponseEnabled adminUsers getServices getKit getBSRegistrations getProbeRegistrations getReplacementHistory',
    ),
  ],
  POST: [
    // Auth and session
    ...['/admin/refreshToken', '/admin/logout'],
    // Users
    ...client(
      'registerMasterUser saveMasterUser removeMasterUser activateMasterPhone confirmMasterMobile finalizeMasterUser authorizeMasterUsers userInfo minorUserInfo deleteSubUser changeUserPhone changeUserPassword addNewUser resetPassword uiPrefs saveExtraServices setCustomAlertHours',
    ),
    // Data
    ...client('bsConf sensorConf updateBsDisplayName setBsTimezone toggleSensors transferSensors'),
    // Batches and storages
    ...client(
      'saveSiteNames archiveBatches saveBatch saveRcScheduler saveProcessPhases saveStorage saveSite saveMonitor removeStorage removeMonitor',
    ),
    // Field controllers
    ...['setFcUse', 'setFcAssignment', 'clearFcAssignment', 'setFcManualCommand'].map((n) => `/fc/${n}`),
    // Insight
    ...client('saveInsightSurvey saveInsightStorages startVerification stopVerification deleteVerification'),
    ...admin('insightMigration insightHold insightFreemiumTrial setInsight'),
    // Payments
    ...['/charge', '/confirmPayment', '/invoiceRequest'],
    // Public API
    ...['activateSystem', 'activateProbes', 'deactivateBS', 'reactivateBS'].map((n) => `/api/v2/${n}`),
    // Translations
    '/admin/updateTranslations',
    // Migration
    ...['/testMigrationCall', '/sentinelCall', '/testSentinelCall', '/setMigrationOn'],
    // Admin POST
    ...admin(
      'sendBroadcastMessage saveNewsCampaigns saveOTAForBS cancelPendingOTA setClientSocket setServerSocket saveProbeStopSettings checkSIMs storeSIMs registerRC12 setRcTestResponse setRcTestResponseEnabled setBSSIM activateUsersSet groupBSs deactivateBS confirmMobile checkUsername checkGariUsername checkGariMigration migrateGariUser confirmGariMobile activateKit activateKitAdmin checkAccountMerge doAccountMerge replaceBasestation undoBSActivation registerUser setPlanInfo setSIMExpiration setAdminUserGroup postBsLoggingStatus registerService registerMultipleBSs registerMultipleSets removeSet',
    ),
    ...['/activateHaytechAppBS', '/activateHaytechAppProbeset', '/voice/testCall', '/telia/API'],
  ],
};

/**
 * Calls the spec lists as a GET that we serve as the documented POST instead (docs/API.md says so):
 * credentials and a state-changing report do not belong in a URL.
 */
const SERVED_AS_POST: Readonly<Record<string, string>> = {
  '/admin/login': 'credentials in the body, not the URL (decision 0003)',
  '/fc/poll2': 'a controller reports its channels in the body and gets its commands (decision 0037)',
};

const served = new Set(allEndpoints().map((e) => `${e.method} ${e.path}`));
const specCalls = (['GET', 'POST'] as const).flatMap((m) => SPEC_CALLS[m].map((p) => `${m} ${p}`));

describe('the spec’s call catalogue (doc 1 §7)', () => {
  it('holds the spec’s 185 calls, each once', () => {
    expect(specCalls).toHaveLength(185);
    expect(new Set(specCalls).size).toBe(185);
  });

  it.each(specCalls)('serves %s', (call) => {
    const [method, path] = call.split(' ') as ['GET' | 'POST', string];
    if (method === 'GET' && path in SERVED_AS_POST) expect(served.has(`POST ${path}`), call).toBe(true);
    else expect(served.has(call), call).toBe(true);
  });

  it('serves a call as POST only where the spec’s GET is named here', () => {
    for (const path of Object.keys(SERVED_AS_POST)) {
      expect(SPEC_CALLS.GET, path).toContain(path);
      expect(served.has(`GET ${path}`), path).toBe(false);
    }
  });
});

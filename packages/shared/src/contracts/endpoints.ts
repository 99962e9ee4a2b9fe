import { accountEndpoints } from './account.js';
import { accountMergeEndpoints } from './accountMerge.js';
import { activationEndpoints } from './activation.js';
import { adminConsoleEndpoints } from './adminConsole.js';
import { alertChannelEndpoints } from './alertChannels.js';
import { auditEndpoints } from './audit.js';
import { baseStationEndpoints } from './baseStations.js';
import { connectionsEndpoints } from './connections.js';
import { customerEndpoints } from './customers.js';
import { batchEndpoints } from './batches.js';
import { broadcastEndpoints } from './broadcasts.js';
import { dataBreakEndpoints } from './dataBreaks.js';
import { deliveryEndpoints } from './delivery.js';
import { diagnosticsEndpoints } from './diagnostics.js';
import type { Endpoint } from './endpoint.js';
import { exportEndpoints } from './export.js';
import { fanEndpoints } from './fans.js';
import { firmwareEndpoints } from './firmware.js';
import { healthEndpoints } from './health.js';
import { masterAccessEndpoints } from './masterAccess.js';
import { masterUsersEndpoints } from './masterUsers.js';
import { ingestEndpoints } from './ingest.js';
import { insightEndpoints } from './insight.js';
import { paymentEndpoints } from './payments.js';
import { monitorEndpoints } from './monitors.js';
import { notificationEndpoints } from './notifications.js';
import { probeConfigEndpoints } from './probeConfig.js';
import { probeDataEndpoints } from './probeData.js';
import { pushEndpoints } from './push.js';
import { publicApiEndpoints } from './publicApi.js';
import { publicApiKeyEndpoints } from './publicApiKeys.js';
import { qualityEndpoints } from './quality.js';
import { sentinelEndpoints } from './sentinel.js';
import { sessionEndpoints } from './session.js';
import { siteEndpoints } from './sites.js';
import { siteIndexEndpoints } from './siteIndex.js';
import { gariMigrationEndpoints } from './gariMigration.js';
import { simEndpoints } from './sims.js';
import { serviceEndpoints } from './services.js';
import { staffEndpoints } from './staff.js';
import { stationAdminEndpoints } from './stationAdmin.js';
import { partnerAppsEndpoints } from './partnerApps.js';
import { stationLogsEndpoints } from './stationLogs.js';
import { storageEndpoints } from './storages.js';
import { translationEndpoints } from './translations.js';
import { userEndpoints } from './users.js';
import { verificationEndpoints } from './verification.js';

/** A call, not a bare literal, for the same reason as defineEndpoints (tree-shaking in the web build). */
function catalogue<const C extends Record<string, Record<string, Endpoint>>>(groups: C): C {
  return groups;
}

/**
 * Every call of the API, grouped by the server feature that serves it. Each contract file declares
 * its own endpoints beside its schemas; a new feature adds its file and one line here.
 */
export const endpoints = catalogue({
  sessions: sessionEndpoints,
  users: userEndpoints,
  masterAccess: masterAccessEndpoints,
  masterUsers: masterUsersEndpoints,
  account: accountEndpoints,
  insight: insightEndpoints,
  payments: paymentEndpoints,
  activation: activationEndpoints,
  adminConsole: adminConsoleEndpoints,
  customers: customerEndpoints,
  baseStations: baseStationEndpoints,
  stationLogs: stationLogsEndpoints,
  connections: connectionsEndpoints,
  sims: simEndpoints,
  services: serviceEndpoints,
  gariMigration: gariMigrationEndpoints,
  broadcasts: broadcastEndpoints,
  staff: staffEndpoints,
  stationAdmin: stationAdminEndpoints,
  accountMerge: accountMergeEndpoints,
  firmware: firmwareEndpoints,
  partnerApps: partnerAppsEndpoints,
  probes: { ...probeDataEndpoints, ...probeConfigEndpoints },
  storages: storageEndpoints,
  sites: siteEndpoints,
  siteIndex: siteIndexEndpoints,
  monitors: monitorEndpoints,
  delivery: deliveryEndpoints,
  diagnostics: diagnosticsEndpoints,
  quality: qualityEndpoints,
  verification: verificationEndpoints,
  export: exportEndpoints,
  fans: fanEndpoints,
  batches: batchEndpoints,
  notifications: notificationEndpoints,
  dataBreaks: dataBreakEndpoints,
  sentinel: sentinelEndpoints,
  push: pushEndpoints,
  alertChannels: alertChannelEndpoints,
  audit: auditEndpoints,
  translations: translationEndpoints,
  ingest: ingestEndpoints,
  health: healthEndpoints,
  publicApi: { ...publicApiKeyEndpoints, ...publicApiEndpoints },
});

/** The catalogue as a flat list (documentation, tests that walk every call). */
export function allEndpoints(): Endpoint[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
}

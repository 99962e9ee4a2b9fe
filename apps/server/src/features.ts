import type { FastifyBaseLogger } from 'fastify';
import { accountFeature, recordConfirmedPhone } from './features/account/index.js';
import { accountMergeFeature } from './features/account-merge/index.js';
import { activationFeature } from './features/activation/index.js';
import { pagesFeature } from './features/pages/index.js';
import { partnerAppsFeature } from './features/partner-apps/index.js';
import { adminConsoleFeature } from './features/admin-console/index.js';
import { alertChannelsFeature } from './features/alert-channels/index.js';
import { auditFeature } from './features/audit/index.js';
import { baseStationsFeature } from './features/base-stations/index.js';
import { batchesFeature } from './features/batches/index.js';
import { broadcastsFeature } from './features/broadcasts/index.js';
import { connectionsFeature } from './features/connections/index.js';
import { customersFeature } from './features/customers/index.js';
import { dataBreaksFeature } from './features/data-breaks/index.js';
import { deliveryFeature } from './features/delivery/index.js';
import { diagnosticsFeature } from './features/diagnostics/index.js';
import { exportFeature } from './features/export/index.js';
import { fansFeature } from './features/fans/index.js';
import { gariMigrationFeature } from './features/gari-migration/index.js';
import { firmwareFeature } from './features/firmware/index.js';
import { ingestFeature } from './features/ingest/index.js';
import { insightFeature } from './features/insight/index.js';
import { masterAccessFeature } from './features/master-access/index.js';
import { masterUsersFeature } from './features/master-users/index.js';
import { monitorsFeature } from './features/monitors/index.js';
import { notificationsFeature } from './features/notifications/index.js';
import { paymentsFeature } from './features/payments/index.js';
import { preferencesFeature } from './features/preferences/index.js';
import { probesFeature } from './features/probes/index.js';
import { publicApiFeature } from './features/public-api/index.js';
import { pushFeature } from './features/push/index.js';
import { qualityFeature } from './features/quality/index.js';
import { readingsFeature } from './features/readings/index.js';
import { sentinelFeature, sentinelRightsOfActor } from './features/sentinel/index.js';
import { hashPassword, sessionsFeature, verifyPassword } from './features/sessions/index.js';
import { servicesFeature } from './features/services/index.js';
import { simsFeature } from './features/sims/index.js';
import { staffFeature } from './features/staff/index.js';
import { sitesFeature } from './features/sites/index.js';
import { siteIndexFeature } from './features/site-index/index.js';
import { stationAdminFeature } from './features/station-admin/index.js';
import { stationLogsFeature } from './features/station-logs/index.js';
import { storagesFeature } from './features/storages/index.js';
import { serverTextCatalog, translationsFeature } from './features/translations/index.js';
import { accessFeature, usersFeature } from './features/users/index.js';
import { verificationFeature } from './features/verification/index.js';
import { FeatureList } from './kernel/FeatureList.js';
import type { FeatureModule } from './kernel/FeatureModule.js';
import type { Kernel } from './kernel/Kernel.js';
import { realtimeFeature } from './realtime/realtimeFeature.js';

export interface FeatureOptions {
  log: FastifyBaseLogger;
  /** How often WebSocket subscriptions are re-checked (tests shorten it). */
  wsRefreshMs?: number;
}

type ExportsOf<F extends (...args: never[]) => FeatureModule<object>> = ReturnType<F>['exports'];

/**
 * Every feature of the server, one line each, in mount order (decision 0085): a feature gets the
 * kernel and the exports of the features it names, so each dependency is visible here. A feature
 * that calls one listed below it gets a port (`later.<feature>`), checked when the list is done.
 * Adding a feature adds its import and its line.
 */
export function composeFeatures(kernel: Kernel, opts: FeatureOptions): FeatureModule<object>[] {
  const list = new FeatureList();
  const later = list.ports<{
    fans: ExportsOf<typeof fansFeature>;
    notifications: ExportsOf<typeof notificationsFeature>;
    delivery: ExportsOf<typeof deliveryFeature>;
    insight: ExportsOf<typeof insightFeature>;
    connections: ExportsOf<typeof connectionsFeature>;
    realtime: ExportsOf<typeof realtimeFeature>;
    'station-admin': ExportsOf<typeof stationAdminFeature>;
    'base-stations': ExportsOf<typeof baseStationsFeature>;
  }>(
    'fans',
    'notifications',
    'delivery',
    'insight',
    'connections',
    'realtime',
    'station-admin',
    'base-stations',
  );

  const access = list.add(accessFeature(kernel));
  const preferences = list.add(preferencesFeature(kernel));
  const sessions = list.add(sessionsFeature(kernel, { ...access.exports, ...preferences.exports }));
  const auth = { access: access.exports.access, authenticate: sessions.exports.authenticate };
  // The server's own texts (alerts, reports, invoices, mails, codes) from the translations table, and
  // with the preferences the language each recipient reads (decision 0107).
  const serverTexts = { serverTexts: serverTextCatalog(kernel) };
  const messageTexts = { ...serverTexts, ...preferences.exports };
  const users = { users: access.exports.users };
  list.add(
    usersFeature(kernel, {
      ...access.exports,
      ...auth,
      ...preferences.exports,
      fcIdsOf: later.fans.controllerIdsOf,
      newsOf: later.notifications.newsOf,
      confOf: later['base-stations'].conf,
    }),
  );
  list.add(masterAccessFeature(kernel, auth));
  // Advisors register on /master; their phone codes go out as SMS through the delivery outbox.
  list.add(
    masterUsersFeature(kernel, {
      authenticate: auth.authenticate,
      passwords: { hash: hashPassword, verify: verifyPassword },
      sendCode: later.delivery.sendCode,
      revokeSessions: sessions.exports.revokeSessions,
      ...serverTexts,
    }),
  );
  list.add(
    accountFeature(kernel, {
      ...auth,
      passwords: { hash: hashPassword, verify: verifyPassword },
      revokeSessions: sessions.exports.revokeSessions,
      // Codes go out as SMS through the delivery outbox.
      codeSender: { send: later.delivery.sendCode },
      newsSeen: later.notifications.newsSeen,
      ...messageTexts,
    }),
  );
  const readings = list.add(readingsFeature(kernel, { log: opts.log }));
  const history = { history: readings.exports.history };
  list.add(
    baseStationsFeature(kernel, {
      ...auth,
      ...readings.exports,
      // A station's own settings (POST bsConf) are kept by the station tools.
      stationSettingsOf: later['station-admin'].stationSettingsOf,
    }),
  );
  const probes = list.add(probesFeature(kernel, { ...auth, ...history }));
  // Before ingest: its station route tells the call log about every call, and stops before it.
  const stationLogs = list.add(
    stationLogsFeature(kernel, { authenticate: auth.authenticate, log: opts.log }),
  );
  // Before ingest too: it keeps the test readings of stations not yet activated (decision 0095).
  const diagnostics = list.add(
    diagnosticsFeature(kernel, {
      authenticate: auth.authenticate,
      log: opts.log,
      callLog: stationLogs.exports.callLog,
    }),
  );
  // Before ingest: its station route asks for the firmware update pending for the station.
  const firmware = list.add(firmwareFeature(kernel, auth));
  const ingest = list.add(
    ingestFeature(kernel, {
      ...history,
      calls: diagnostics.exports.watchStationCalls(stationLogs.exports.callLog),
      otaOffers: firmware.exports.otaOffers,
    }),
  );
  const activation = list.add(activationFeature(kernel, auth));
  list.add(partnerAppsFeature({ ...auth, ...activation.exports }));
  list.add(adminConsoleFeature(kernel, auth));
  list.add(simsFeature(kernel, auth));
  list.add(servicesFeature(kernel, auth));
  // Older Gari accounts moved in; their phone codes go out as SMS through the delivery outbox.
  list.add(
    gariMigrationFeature(kernel, {
      ...auth,
      passwords: { hash: hashPassword },
      sendCode: later.delivery.sendCode,
      // A confirmed phone shows confirmed in the account area too.
      recordConfirmedPhone,
      ...messageTexts,
    }),
  );
  list.add(
    staffFeature(kernel, {
      ...auth,
      hashPassword,
      revokeSessions: sessions.exports.revokeSessions,
      customerSessions: sessions.exports.customerSessions,
      // A new staff account's first login goes by e-mail through the delivery outbox.
      sendCode: (m) => later.delivery.sendCode(m),
      ...messageTexts,
    }),
  );
  const monitors = list.add(
    monitorsFeature(kernel, {
      ...auth,
      freshReadings: ingest.exports.freshReadings,
      // A fan rule names one of the account's RC units.
      controllerIdsOf: later.fans.controllerIdsOf,
    }),
  );
  const stationAdmin = list.add(stationAdminFeature(kernel, { ...auth, ...probes.exports }));
  list.add(accountMergeFeature(kernel, auth));
  const dataBreaks = list.add(dataBreaksFeature(kernel, { ...auth, ...stationAdmin.exports }));
  const notifications = list.add(
    notificationsFeature(kernel, {
      ...auth,
      ...preferences.exports,
      ...monitors.exports,
      ...dataBreaks.exports,
    }),
  );
  const storages = list.add(
    storagesFeature(kernel, {
      ...auth,
      ...users,
      ...monitors.exports,
      // The survey's yearly volume caps a storage's capacity.
      capacityMaxOf: later.insight.capacityMaxOf,
      // Each person's failing channels come from the delivery outbox.
      recipientHealthOf: later.delivery.recipientHealthOf,
    }),
  );
  list.add(insightFeature(kernel, { ...auth, ...users, saveStorage: storages.exports.saveStorage }));
  const sites = list.add(sitesFeature(kernel, { ...auth, ...storages.exports }));
  list.add(siteIndexFeature(kernel, { authenticate: auth.authenticate, ...sites.exports }));
  list.add(qualityFeature(kernel, { ...auth, ...users, ...history }));
  list.add(verificationFeature(kernel, { ...auth, ...history, ...preferences.exports, ...serverTexts }));
  list.add(exportFeature(kernel, { ...auth, ...history }));
  list.add(translationsFeature(kernel, auth));
  const fans = list.add(
    // An operator's RC test response answers a controller's poll instead of the scheduler.
    fansFeature(kernel, { ...auth, rcTestAnswer: later.connections.rcTestAnswer }),
  );
  list.add(
    batchesFeature(kernel, {
      ...auth,
      ...users,
      ...history,
      notify: notifications.exports.notify,
      ...preferences.exports,
      ...serverTexts,
      rcEventsOfBatch: fans.exports.rcEventsOfBatch,
    }),
  );
  const sentinel = list.add(
    sentinelFeature(kernel, { ...auth, ...preferences.exports, ...serverTexts, log: opts.log }),
  );
  const push = list.add(pushFeature(kernel, { ...auth, ...preferences.exports, ...serverTexts }));
  const delivery = list.add(
    deliveryFeature(kernel, {
      ...auth,
      ...preferences.exports,
      ...serverTexts,
      onAlertEffects: (recorder) => monitors.exports.evaluator.onAlertEffects(recorder),
      alertStatus: monitors.exports.alertStatus,
      acknowledgeFor: monitors.exports.acknowledgeFor,
      alertMessagingOf: storages.exports.alertMessagingOf,
      sentinelTargetOf: sentinel.exports.sentinelTargetOf,
      pushUsersOf: push.exports.pushUsersOf,
      channels: [sentinel.exports.sentinelChannel, push.exports.pushChannel],
      effectiveDataBreakDelays: dataBreaks.exports.effectiveDataBreakDelays,
      capReached: (ownerId, channel, cap) =>
        notifications.exports.notify(
          kernel.store.db,
          ownerId,
          'dailyCap',
          { text: channel, count: cap },
          channel,
        ),
      deliveryFailed: (ownerId, props, subject) =>
        notifications.exports.notify(kernel.store.db, ownerId, 'deliveryFailed', props, subject),
    }),
  );
  list.add(
    alertChannelsFeature(kernel, {
      ...auth,
      log: opts.log,
      sentinelRightsOf: sentinelRightsOfActor,
      sentinelTargetOf: sentinel.exports.sentinelTargetOf,
      pushDevicesOf: push.exports.devicesOf,
      pushTestTextOf: push.exports.testTextOf,
      sendTest: delivery.exports.sendTest,
      ...messageTexts,
      testMessagesSince: delivery.exports.testMessagesSince,
    }),
  );
  list.add(
    paymentsFeature(kernel, {
      ...auth,
      ...serverTexts,
      // Invoices are e-mailed through the delivery outbox.
      sendEmail: (m) => delivery.exports.sendCode({ ...m, channel: 'email' }),
    }),
  );
  // Broadcasts go out through the delivery outbox, one message each.
  list.add(
    broadcastsFeature(kernel, {
      authenticate: auth.authenticate,
      send: delivery.exports.sendMessage,
      languagesOf: (userIds) => preferences.exports.preferences.chosenLanguages(userIds),
    }),
  );
  // The customers; an account registered by staff gets its first login by e-mail through the outbox.
  list.add(
    customersFeature(kernel, {
      authenticate: auth.authenticate,
      ...serverTexts,
      sendEmail: (m) => delivery.exports.sendCode({ ...m, channel: 'email' }),
    }),
  );
  // The live connections (over the realtime layer below), RC test responses and field systems.
  list.add(
    connectionsFeature(kernel, {
      authenticate: auth.authenticate,
      liveControl: later.realtime.liveControl,
      log: opts.log,
    }),
  );
  list.add(
    publicApiFeature(kernel, {
      ...auth,
      ...history,
      ...preferences.exports,
      ...activation.exports,
      ...stationAdmin.exports,
    }),
  );
  // Every staff call of every route above and below is recorded in its trail (http/audit.ts).
  list.add(auditFeature(kernel, { authenticate: auth.authenticate, log: opts.log }));
  // A logged-in user's page drawn on the server, from the routes above called in process (decision 0174).
  list.add(pagesFeature(kernel, { pageViewer: sessions.exports.pageViewer, log: opts.log }));
  // Last: the live channel serves every event the features above declare.
  list.add(realtimeFeature(kernel, { ...auth, ...sessions.exports }, opts));
  return list.modules();
}

import type { FastifyBaseLogger } from 'fastify';
import { accountFeature } from './features/account/index.js';
import { activationFeature } from './features/activation/index.js';
import { alertChannelsFeature } from './features/alert-channels/index.js';
import { baseStationsFeature } from './features/base-stations/index.js';
import { batchesFeature } from './features/batches/index.js';
import { dataBreaksFeature } from './features/data-breaks/index.js';
import { deliveryFeature } from './features/delivery/index.js';
import { exportFeature } from './features/export/index.js';
import { fansFeature } from './features/fans/index.js';
import { ingestFeature } from './features/ingest/index.js';
import { insightFeature } from './features/insight/index.js';
import { masterAccessFeature } from './features/master-access/index.js';
import { monitorsFeature } from './features/monitors/index.js';
import { notificationsFeature } from './features/notifications/index.js';
import { paymentsFeature } from './features/payments/index.js';
import { preferencesFeature } from './features/preferences/index.js';
import { probesFeature } from './features/probes/index.js';
import { pushFeature } from './features/push/index.js';
import { qualityFeature } from './features/quality/index.js';
import { readingsFeature } from './features/readings/index.js';
import { sentinelFeature, sentinelRightsOfActor } from './features/sentinel/index.js';
import { hashPassword, sessionsFeature, verifyPassword } from './features/sessions/index.js';
import { sitesFeature } from './features/sites/index.js';
import { storagesFeature } from './features/storages/index.js';
import { translationsFeature } from './features/translations/index.js';
import { accessFeature, usersFeature } from './features/users/index.js';
import type { FeatureModule } from './kernel/FeatureModule.js';
import type { Kernel } from './kernel/Kernel.js';
import { realtimeFeature } from './realtime/realtimeFeature.js';

export interface FeatureOptions {
  log: FastifyBaseLogger;
  /** How often WebSocket subscriptions are re-checked (tests shorten it). */
  wsRefreshMs?: number;
}

/**
 * Every feature of the server, one line each, in dependency order: a feature gets the kernel and the
 * exports of the features it names, so each dependency is visible here. Adding a feature adds a line.
 */
export function composeFeatures(kernel: Kernel, opts: FeatureOptions): FeatureModule<object>[] {
  const access = accessFeature(kernel);
  const preferences = preferencesFeature(kernel);
  const sessions = sessionsFeature(kernel, { ...access.exports, ...preferences.exports });
  const auth = { access: access.exports.access, authenticate: sessions.exports.authenticate };
  const users = usersFeature(kernel, {
    ...access.exports,
    ...auth,
    ...preferences.exports,
    // The user info's FC_IDs and news come from the fans and notifications features (built below;
    // called only once the server runs).
    fcIdsOf: (ownerId) => fans.exports.controllerIdsOf(ownerId),
    newsOf: (actor) => notifications.exports.newsOf(actor),
  });
  const masterAccess = masterAccessFeature(kernel, auth);
  const account = accountFeature(kernel, {
    ...auth,
    passwords: { hash: hashPassword, verify: verifyPassword },
    revokeSessions: sessions.exports.revokeSessions,
    // Codes go out as SMS through the delivery outbox (built below; called only once the server runs).
    codeSender: { send: (m) => delivery.exports.sendCode(m) },
    newsSeen: (actor, date) => notifications.exports.newsSeen(actor, date),
  });
  const readings = readingsFeature(kernel, { log: opts.log });
  const history = { history: readings.exports.history };
  const baseStations = baseStationsFeature(kernel, { ...auth, ...readings.exports });
  const probes = probesFeature(kernel, { ...auth, ...history });
  const ingest = ingestFeature(kernel, history);
  const activation = activationFeature(kernel, auth);
  const monitors = monitorsFeature(kernel, {
    ...auth,
    freshReadings: ingest.exports.freshReadings,
    // A fan rule names one of the account's RC units (fans is built below; called only once the server runs).
    controllerIdsOf: (ownerId) => fans.exports.controllerIdsOf(ownerId),
  });
  const dataBreaks = dataBreaksFeature(kernel, auth);
  const notifications = notificationsFeature(kernel, {
    ...auth,
    ...preferences.exports,
    ...monitors.exports,
    ...dataBreaks.exports,
  });
  const storages = storagesFeature(kernel, {
    ...auth,
    users: access.exports.users,
    ...monitors.exports,
    // The survey's yearly volume caps a storage's capacity (insight is built below; called only once the server runs).
    capacityMaxOf: (accountId) => insight.exports.capacityMaxOf(accountId),
    // Each person's failing channels come from the delivery outbox (built below; called only once the server runs).
    recipientHealthOf: (accountId) => delivery.exports.recipientHealthOf(accountId),
  });
  const insight = insightFeature(kernel, {
    ...auth,
    users: access.exports.users,
    saveStorage: storages.exports.saveStorage,
  });
  const sites = sitesFeature(kernel, { ...auth, ...storages.exports });
  const quality = qualityFeature(kernel, { ...auth, users: access.exports.users, ...history });
  const exportData = exportFeature(kernel, { ...auth, ...history });
  const translations = translationsFeature(kernel, auth);
  const sentinel = sentinelFeature(kernel, { ...auth, ...preferences.exports, log: opts.log });
  const push = pushFeature(kernel, { ...auth, ...preferences.exports });
  const delivery = deliveryFeature(kernel, {
    ...auth,
    ...preferences.exports,
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
  });
  const alertChannels = alertChannelsFeature(kernel, {
    ...auth,
    log: opts.log,
    sentinelRightsOf: sentinelRightsOfActor,
    sentinelTargetOf: sentinel.exports.sentinelTargetOf,
    pushDevicesOf: push.exports.devicesOf,
    pushTestTextOf: push.exports.testTextOf,
    sendTest: delivery.exports.sendTest,
  });
  const payments = paymentsFeature(kernel, {
    ...auth,
    // Invoices are e-mailed through the delivery outbox (built above).
    sendEmail: (m) => delivery.exports.sendCode({ ...m, channel: 'email' }),
  });
  const fans = fansFeature(kernel, auth);
  const batches = batchesFeature(kernel, {
    ...auth,
    users: access.exports.users,
    ...history,
    notify: notifications.exports.notify,
    ...preferences.exports,
    rcEventsOfBatch: fans.exports.rcEventsOfBatch,
  });
  const realtime = realtimeFeature(
    kernel,
    { ...auth, ...sessions.exports, onFanStatusChanged: fans.exports.onFanStatusChanged },
    opts,
  );
  return [
    access,
    preferences,
    sessions,
    users,
    masterAccess,
    account,
    readings,
    baseStations,
    probes,
    ingest,
    activation,
    monitors,
    dataBreaks,
    notifications,
    storages,
    insight,
    sites,
    quality,
    exportData,
    translations,
    fans,
    batches,
    sentinel,
    push,
    delivery,
    alertChannels,
    payments,
    realtime,
  ];
}

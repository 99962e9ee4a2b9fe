import type { Kysely } from 'kysely';
import type { NotificationProps, NotificationType } from '@emberwatch/shared/contracts/notifications';
import type { EffectiveDataBreakDelays } from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import type { Database } from '../../db/schema.js';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { MonitorEvaluator } from '../monitors/index.js';
import type { PreferencesService } from '../preferences/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import { NEWS_SEED } from './newsSeed.js';
import { NotificationRepository, raiseStored } from './notifications.repository.js';
import { notificationRoutes } from './notifications.routes.js';
import { NotificationService } from './notifications.service.js';
import { recordStorageAlerts } from './storageAlertMemory.js';

/** The news table, which the broadcasts feature's news campaigns write (decision 0100). */
export type { NewsTable } from './notifications.tables.js';

/**
 * Posts a notice to an account's notifications (another feature's, e.g. delivery's used-up daily SMS
 * or voice allowance: `notify(trx, ownerId, 'dailyCap', { text: 'sms', count: 50 })`). One entry per
 * account, kind and `subject`, raised again in place; shown for a day after it was last raised. Pass
 * the caller's transaction to commit the notice with its cause; it uses nothing else.
 */
export type Notify = (
  db: Kysely<Database>,
  ownerId: number,
  kind: NotificationType,
  params: NotificationProps,
  subject?: string,
) => Promise<void>;

/** Notifications and news (issue 11 items 5–6; spec doc 1 §2, §4, §7; doc 3 §2–§4, §9; decision 0047). */
export function notificationsFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    preferences: Pick<PreferencesService, 'get'>;
    evaluator: Pick<MonitorEvaluator, 'onAlertEffects'>;
    /** Each station's and probe's data-break delay (the data-breaks feature; decision 0071). */
    effectiveDataBreakDelays: (ownerId: number) => Promise<EffectiveDataBreakDelays>;
  },
) {
  const repo = new NotificationRepository(kernel.store.db, kernel.store.engine);
  const notifications = new NotificationService(
    repo,
    deps.access,
    deps.preferences,
    kernel.nowS,
    deps.effectiveDataBreakDelays,
  );
  // Inside each alert's transaction, only through its trx: an alert raised on a storage is remembered.
  deps.evaluator.onAlertEffects((trx, source, effects, nowS) =>
    recordStorageAlerts(trx, kernel.store.engine, source, effects, nowS),
  );
  const notify: Notify = (db, ownerId, kind, params, subject = '') =>
    raiseStored(db, kernel.store.engine, { ownerId, kind, subject, nowS: kernel.nowS(), params });
  return defineFeature({
    name: 'notifications',
    routes: notificationRoutes({ authenticate: deps.authenticate, notifications }),
    start: () => repo.seedNews(NEWS_SEED),
    exports: {
      notify,
      /** The caller's news for the user info (spec doc 1 §3). */
      newsOf: (actor: Actor) => notifications.news(actor),
      /** The caller's newsSeenDate from POST /client/userInfo (spec doc 1 §7). */
      newsSeen: (actor: Actor, date: number) => notifications.newsSeen(actor, date),
    },
  });
}

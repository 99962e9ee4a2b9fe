import type {
  NotificationImportance,
  NotificationProps,
  NotificationType,
} from '../../contracts/notifications.js';
import type { ChangeRightsContext } from '../changeRights.js';

/**
 * Who a kind of notification is for (decision 0047; the spec names the kinds and their links, not
 * their readers):
 * - `everyone` who sees the account: alerts and data breaks concern whoever watches the stacks;
 * - `changers`: those who may change storages and monitors (owner, admin, grand master) — a warning
 *   that a storage's alerts reach nobody is only useful to someone who can fix it;
 * - `payer`: the owner and admins — reminders and allowances lead to payment pages.
 */
export type NotificationAudience = 'everyone' | 'changers' | 'payer';

export interface NotificationKindInfo {
  importance: NotificationImportance;
  audience: NotificationAudience;
  /** Spec doc 3 §2 "Notification links". */
  url: (props: NotificationProps) => string;
}

const RENEWAL = '/account/services/renewal';
const checkout = (type: 'plan' | 'sim' | 'api') => `/account/services/checkout/?type=${type}`;
/**
 * A service or plan reminder leads to what renews its subject: the Insight service's renewal
 * (/account/services/renewal, spec doc 3 §2 "reminders"), or the plan's checkout (?type=plan).
 */
const renewalOf = (p: NotificationProps) => (p.planName === 'INSIGHT' ? RENEWAL : checkout('plan'));
const storageUrl = (p: NotificationProps) => (p.itemID === undefined ? '/storages' : `/storages/${p.itemID}`);

/** Every kind with its default importance, readers and link: a new kind fails the build until listed. */
export const NOTIFICATION_KINDS = {
  noBSData: { importance: 2, audience: 'everyone', url: () => '/probes' },
  noProbeData: { importance: 2, audience: 'everyone', url: () => '/probes' },
  noAlerts: {
    importance: 3,
    audience: 'changers',
    url: (p) => (p.count !== undefined && p.count > 1 ? '/storages' : storageUrl(p)),
  },
  globalAlert: { importance: 1, audience: 'everyone', url: () => '/probes' },
  batch_bug: {
    importance: 2,
    audience: 'everyone',
    url: (p) => (p.batch_id === undefined ? '/batches' : `/batches/${p.batch_id}`),
  },
  batch: {
    importance: 1,
    audience: 'everyone',
    url: (p) => (p.batch_id === undefined ? '/batches' : `/batches/${p.batch_id}`),
  },
  reminder: { importance: 2, audience: 'payer', url: (p) => renewalOf(p) },
  reminderExpired: { importance: 1, audience: 'payer', url: (p) => renewalOf(p) },
  reminderSim: { importance: 2, audience: 'payer', url: () => checkout('sim') },
  reminderSimExpired: { importance: 1, audience: 'payer', url: () => checkout('sim') },
  reminderAPI: { importance: 2, audience: 'payer', url: () => checkout('api') },
  reminderAPIExpired: { importance: 1, audience: 'payer', url: () => checkout('api') },
  storageMax: { importance: 1, audience: 'everyone', url: storageUrl },
  dailyCap: { importance: 2, audience: 'payer', url: () => '/account/services' },
  // Where the recipient is chosen (the storage's alert messaging), or the account for a message of no
  // storage (a code, a notice): those who can change either can act on it (decision 0070).
  deliveryFailed: {
    importance: 1,
    audience: 'changers',
    url: (p) => (p.itemID === undefined ? '/account' : `/storages/${p.itemID}`),
  },
} as const satisfies Record<NotificationType, NotificationKindInfo>;

/** The colour of an importance (the theme's error, warning and info colours). */
export const IMPORTANCE_COLORS = {
  1: '#d32f2f',
  2: '#ed6c02',
  3: '#0288d1',
} as const satisfies Record<NotificationImportance, string>;

/** Whether this viewer of the account reads notifications of this kind. */
export function seesNotification(type: NotificationType, who: ChangeRightsContext): boolean {
  const audience: NotificationAudience = NOTIFICATION_KINDS[type].audience;
  if (audience === 'everyone') return true;
  if (audience === 'changers') return who.admin || (who.master ? who.grandMaster : !who.subUser);
  return who.admin || (!who.master && !who.subUser);
}

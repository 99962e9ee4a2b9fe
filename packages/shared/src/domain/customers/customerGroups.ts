/**
 * The customer lists' hay-app option (spec doc 1 §7 "Admin list helpers", doc 3 "Admin user lists |
 * Haytech option | Splits hay-app or migrating users, de-duplicated by U_ID"; decision 0098): a
 * customer is in the hay-app group when it uses the hay app (partner_app 'haytech') or its migration to
 * the separate Insight/hay app has started; everyone else is in the others.
 */
export const HAY_APP_OPTIONS = ['only', 'others'] as const;
export type HayAppOption = (typeof HAY_APP_OPTIONS)[number];

export type CustomerGroup = 'hayApp' | 'migrating' | 'other';

export interface GroupFacts {
  partnerApp: string | null;
  /** When the account's migration started (its key was handed out), epoch s; null: not started. */
  migrationStartedTs: number | null;
}

/** Hay-app use wins over a started migration: a hay-app user who is also migrating is one hay-app row. */
export function customerGroupOf(c: GroupFacts): CustomerGroup {
  if (c.partnerApp === 'haytech') return 'hayApp';
  if (c.migrationStartedTs !== null) return 'migrating';
  return 'other';
}

import type { ApiKeyScope } from '../../contracts/publicApiKeys.js';

/**
 * What each key-authenticated call needs (decision 0110): the scope of the key, on top of a working
 * key of an account with a running API plan. Data is always the key's own account's: a station or
 * probe of another account is refused like one that does not exist. apps/server/test/readRights.test.ts
 * checks that every `apiKey` call of the catalogue has its row and answers as it says.
 */
export interface ApiKeyRightsRow {
  /** The call: `group.name` in the catalogue. */
  call: string;
  scope: ApiKeyScope;
}

export const API_KEY_RIGHTS: readonly ApiKeyRightsRow[] = [
  { call: 'publicApi.getSummary', scope: 'read' },
  { call: 'publicApi.getOverview', scope: 'read' },
  { call: 'publicApi.getMeasurements', scope: 'read' },
  { call: 'publicApi.activateSystem', scope: 'activate' },
  { call: 'publicApi.activateProbes', scope: 'activate' },
  { call: 'publicApi.deactivateBS', scope: 'activate' },
  { call: 'publicApi.reactivateBS', scope: 'activate' },
];

/** Whether a key of this scope may make a call needing `needed` (activate keys may read too). */
export function scopeAllows(keyScope: ApiKeyScope, needed: ApiKeyScope): boolean {
  return needed === 'read' || keyScope === 'activate';
}

import type { Kysely } from 'kysely';
import type { ApiKeyScope } from '@emberwatch/shared/contracts/publicApiKeys';
import type { Database } from '../../db/schema.js';

/** The table of migration 0069 (decision 0109): an account's API keys, their secrets hashed. */
export interface ApiKeysTable {
  /** The key's public id (ewk_<id>_…). */
  id: string;
  /** The account (its main user). */
  account_id: number;
  name: string;
  scope: ApiKeyScope;
  /** SHA-256 of the secret, hex; the secret itself is never stored. */
  secret_hash: string;
  created_by: number;
  created_ts: number;
  revoked_ts: number | null;
  last_used_ts: number | null;
  last_used_ip: string | null;
}

/** The table of migration 0070 (decision 0112): stations a partner released through the API. */
export interface ApiStationReleasesTable {
  bs_id: string;
  account_id: number;
  key_id: string;
  released_ts: number;
}

// A type alias, not an interface: withTables wants an indexable record.
export type PublicApiTables = {
  api_keys: ApiKeysTable;
  api_station_releases: ApiStationReleasesTable;
};

export type PublicApiDb = Kysely<Database & PublicApiTables>;

export function publicApiDb(db: Kysely<Database>): PublicApiDb {
  return db.withTables<PublicApiTables>();
}

import type { Generated } from 'kysely';

/**
 * Table types. Times are integer epoch seconds, temperatures integer tenths of °C,
 * booleans 0/1 integers and JSON as text, so one set of queries runs on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  language: string;
  /** 1 for staff; admin_group is the staff level (0 root, 1 admin, 2 tech, 3 sales). */
  admin: number;
  admin_group: number | null;
  master: number;
  grand_master: number;
  translator: number;
  /** JSON array of locales a translator may edit. */
  translator_locales: string;
  /** Set for a sub-user: the main user whose account it works in. */
  main_user_id: number | null;
  /** 'gari' | 'haytech' for the two partner-app user kinds. */
  partner_app: string | null;
  plan_name: string;
  plan_level: number;
  segment: number | null;
  plan_due_ts: number | null;
  /** When the account's public API plan is due (migration 0037); null: no API plan. */
  api_plan_due_ts: number | null;
  /** JSON of the Insight service, or null. */
  service_json: string | null;
  siteindex: number;
  storages_enabled: number;
  voice_call_enabled: number;
  limit_free_data: number;
  blocked: number;
  demo: number;
  sub_user_count: number;
  created_ts: number;
  /** The account's data-break delay, seconds (migration 0044, decision 0071); null: the default. */
  data_break_s: number | null;
}

export interface MasterAuthorizationsTable {
  id: Generated<number>;
  master_user_id: number;
  owner_user_id: number;
  authorized: number;
  created_ts: number;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  family_id: string;
  created_ts: number;
  expires_ts: number;
  /** Set once the token has been exchanged; presenting it again revokes the family. */
  used_ts: number | null;
  revoked_ts: number | null;
  /** A customer's session opened by this staff member (loginAdmin, migration 0059); null otherwise. */
  acting_staff_id: number | null;
}

export interface BaseStationsTable {
  id: string;
  owner_user_id: number;
  bs_group: string | null;
  display_name: string | null;
  timezone: string | null;
  bs_type: number | null;
  version: string | null;
  firmware: string | null;
  sim: string | null;
  /** When the SIM's subscription ends, epoch s (migration 0022); null while unknown. */
  sim_exp_ts: number | null;
  activation_ts: number | null;
  last_boot_ts: number | null;
  last_conf_ts: number | null;
  last_data_ts: number | null;
  /** SHA-256 of the station secret issued at registration. */
  credential_hash: string;
  created_ts: number;
}

export interface ProbesTable {
  sensor_id: string;
  bs_id: string;
  sensor_name: string | null;
  kind: string;
  depths: number;
  disabled: number;
  storage_location: string | null;
  col: number | null;
  /** Station whose radio last delivered this probe's data. */
  real_bs: string | null;
  created_ts: number;
  /** JSON list of {date, factor, user} (migration 0002); null when never corrected. */
  corrections: string | null;
  /** Seconds; null = the station's default. */
  measurement_interval: number | null;
  /** 4–10; null = the default 3. */
  receiving_time: number | null;
}

export interface ReadingsTable {
  /**
   * floor(meas_ts / 3600), the key's first part (SQLite's migration 0036, PostgreSQL's 0076); every read
   * names the hours it wants (readings/readingHours.ts). SQLite's inserts name it; on PostgreSQL it is a
   * generated column, which an insert must not name.
   */
  hour?: number;
  sensor_id: string;
  meas_ts: number;
  bs_id: string;
  received_ts: number;
  temperature: number;
  /** JSON array of tenths of °C, handle first. */
  temps: string;
  sensor_rssi: number | null;
  bs_rssi: number | null;
  batt: number | null;
}

/** A probe's complete UTC day of readings, packed (features/readings/packedDay.ts; decision 0054). */
export interface ReadingsPackedTable {
  sensor_id: string;
  /** The day's first second, UTC. */
  day: number;
  n: number;
  data: Uint8Array;
}

export interface ProbeLatestTable {
  sensor_id: string;
  bs_id: string;
  meas_ts: number;
  temperature: number;
  temps: string;
  sensor_rssi: number | null;
  bs_rssi: number | null;
  batt: number | null;
}

export interface ProbeDailyTable {
  sensor_id: string;
  /** UTC midnight, epoch seconds. */
  day: number;
  n: number;
  max_temp: number;
  min_temp: number;
  /** JSON arrays: maxima and minima per depth. */
  max_temps: string;
  min_temps: string;
  min_batt: number | null;
  max_batt: number | null;
}

/** Probe-days whose roll-ups a commit left unwritten (migration 0039, decision 0062). */
export interface IngestRollupsOwedTable {
  id: Generated<number>;
  /** One `<sensor_id> <day>` per line. */
  probe_days: string;
}

/**
 * PostgreSQL only: each ingest commit's new readings as arrays, until a merge folds them into the
 * roll-ups (migration 0040, decision 0064). Written and read by raw statements of the ingest writer.
 */
export interface IngestRollupJournalTable {
  id: Generated<number>;
  /** The server instance that wrote the row, its commit number there, and when (migration 0041). */
  instance: Generated<string>;
  seq: Generated<number>;
  created_ms: Generated<number>;
  /** The keys: the text of a text[] and of a bigint[] (migration 0079), parsed by the statements that read them. */
  sensor_ids: string;
  times: string;
  /** null in a row of keys only (migration 0041): the values are read from `readings`. */
  bs_ids: string[] | null;
  sensor_rssi: (number | null)[] | null;
  bs_rssi: (number | null)[] | null;
  batt: (number | null)[] | null;
  d1: (number | null)[] | null;
  d2: (number | null)[] | null;
  d3: (number | null)[] | null;
  d4: (number | null)[] | null;
  d5: (number | null)[] | null;
  d6: (number | null)[] | null;
  d7: (number | null)[] | null;
  d8: (number | null)[] | null;
  /**
   * A row of keys: its oldest reading's time (migration 0077), which the packing job reads; null in a
   * row with values, and in a row of keys written before that migration.
   */
  oldest_ts: number | null;
}

export interface BsPacketsTable {
  id: Generated<number>;
  bs_id: string;
  type: string;
  ts: number;
  bytes_up: number;
  bytes_down: number;
  n_readings: number;
}

export interface UiPreferencesTable {
  user_id: number;
  prefs: string;
  updated_ts: number;
}

export interface TranslationsTable {
  id: Generated<number>;
  locale: string;
  /** Dotted path of the web app's locale files, e.g. "login.title". */
  key: string;
  text: string;
  /** The locale file (feature) the key came from: common, probeDetail, settings … */
  category: string;
  /** 1 once a person saved the text: the seed from the bundled files never overwrites it. */
  edited: number;
  updated_ts: number;
  updated_by: number | null;
}

/** The mark of the last seed of the translations (migration 0078, decision 0163): one row at most. */
export interface TranslationSeedsTable {
  /** The bundled texts' digest and the schema's version (translationSeedMark). */
  mark: string;
  seeded_ts: number;
}

/** Spec doc 3 §3 "Storage" (migration 0004); the JSON columns hold the shapes of contracts/storages.ts. */
export interface StoragesTable {
  id: Generated<number>;
  /** The account (main user) the storage belongs to. */
  owner_user_id: number;
  bs_id: string;
  name: string;
  type: string;
  capacity: number | null;
  /** 1 rows, 2 floors, 3 stacks (domain/kinds/storageLayouts.ts); null while undefined. */
  layout_type: number | null;
  /** JSON SensorLayout, or null. */
  sensor_layout: string | null;
  /** JSON Stack[] ('[]' when none). */
  stacks: string;
  monitor_id: number | null;
  /** JSON LayoutPrefs, AlertMessaging and QualityPeriod, each null while unset. */
  layout_prefs: string | null;
  alert_messaging: string | null;
  quality_period: string | null;
  created_ts: number;
  updated_ts: number;
  updated_by: number | null;
  /** The storage's data-break delay, seconds (migration 0044); null: the account's. */
  data_break_s: number | null;
}

/** One probe listed in a storage's layout; unique per account, so a probe is in one storage at most. */
export interface StorageProbesTable {
  storage_id: number;
  owner_user_id: number;
  sensor_id: string;
}

/** Spec doc 3 §3 "Site" (migration 0005): one plan per account and base station. */
export interface SitesTable {
  owner_user_id: number;
  bs_id: string;
  /** JSON SiteInput without BS_ID: columns, rows, showColors, labels, siteStorages. */
  plan: string;
  updated_ts: number;
  updated_by: number | null;
}

/** Spec doc 2 §3 "Site name record": a user's own name for a site (account and station) it sees. */
export interface SiteNamesTable {
  user_id: number;
  site_uid: number;
  bs_id: string;
  name: string;
}

/** Hay-quality roll-up (migration 0007, decision 0028): per probe and UTC hour, the hottest reading. */
export interface QualityHourlyTable {
  sensor_id: string;
  /** Start of the UTC hour, epoch seconds. */
  hour: number;
  /** The hour's maximum over readings and depths, tenths of °C. */
  max_temp: number;
  n: number;
}

/** Per probe and UTC day: heat-degree hours above 30 °C, in tenth-°C·h (Σ max(0, hour max − 300)). */
export interface QualityDailyTable {
  sensor_id: string;
  day: number;
  hdd_tenths: number;
  /** Σ hdd_tenths of the probe's days up to and including this one (a running total). */
  cum_tenths: number;
  n: number;
}

/** Per probe: the newest reading time the quality roll-up has folded in. */
export interface QualityRollupStateTable {
  sensor_id: string;
  watermark: number;
  updated_ts: number;
}

/** Spec doc 3 §3 "Monitor" (migration 0008): one per account and itemID; rules as JSON Rule[] settings. */
export interface MonitorsTable {
  owner_user_id: number;
  item_id: number;
  name: string;
  /** 0/1. */
  default_monitor: number;
  /** 0/1. */
  compost: number;
  demo_type: string | null;
  /** JSON: the rules' id, type, settings and ruleChanged (alerts live in monitor_rule_state). */
  rules: string;
  created_ts: number;
  updated_ts: number;
  updated_by: number | null;
}

/** Per rule: the engine's per-sensor state, current alerts, history and reading-time watermark. */
export interface MonitorRuleStateTable {
  owner_user_id: number;
  monitor_id: number;
  rule_id: number;
  /** JSON RuleState (domain/rules/ruleState.ts). */
  state: string;
  /** JSON Alert[]. */
  current_alerts: string;
  /** JSON Alert[]. */
  alert_history: string;
  /** The newest reading time (epoch s) evaluated. */
  watermark: number;
  updated_ts: number;
  /** A random tag every write changes (migration 0016); set by a trigger when the writer does not. */
  version: Generated<number>;
}

/** The alert logbook (migration 0017): what happened to a monitor's alerts and rules, and when. */
export interface AlertLogTable {
  id: Generated<number>;
  owner_user_id: number;
  monitor_id: number;
  rule_id: number;
  /** AlertLogKind (contracts/monitors.ts). */
  kind: string;
  sensor_id: string | null;
  depth: number | null;
  /** Tenths of °C. */
  temperature: number | null;
  /** JSON: the clear reason, the acknowledgement's note, a rule change's old and new settings. */
  detail: string | null;
  by_user_id: number | null;
  /** When it happened: the reading's time for the engine's effects, the call's time otherwise. */
  ts: number;
  created_ts: number;
}

export interface Database {
  users: UsersTable;
  master_authorizations: MasterAuthorizationsTable;
  refresh_tokens: RefreshTokensTable;
  base_stations: BaseStationsTable;
  probes: ProbesTable;
  readings: ReadingsTable;
  readings_packed: ReadingsPackedTable;
  probe_latest: ProbeLatestTable;
  probe_daily: ProbeDailyTable;
  ingest_rollups_owed: IngestRollupsOwedTable;
  ingest_rollup_journal: IngestRollupJournalTable;
  bs_packets: BsPacketsTable;
  ui_preferences: UiPreferencesTable;
  translations: TranslationsTable;
  translation_seeds: TranslationSeedsTable;
  storages: StoragesTable;
  storage_probes: StorageProbesTable;
  sites: SitesTable;
  site_names: SiteNamesTable;
  quality_hourly: QualityHourlyTable;
  quality_daily: QualityDailyTable;
  quality_rollup_state: QualityRollupStateTable;
  monitors: MonitorsTable;
  monitor_rule_state: MonitorRuleStateTable;
  alert_log: AlertLogTable;
}

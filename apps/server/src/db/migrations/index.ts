import type { Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { initialMigration } from './0001_initial.js';
import { probeSettingsMigration } from './0002_probe_settings.js';
import { translationsMigration } from './0003_translations.js';
import { storagesMigration } from './0004_storages.js';
import { sitesMigration } from './0005_sites.js';
import { qualityMigration } from './0007_quality.js';
import { monitorsMigration } from './0008_monitors.js';
import { ruleStateVersionMigration } from './0016_rule_state_version.js';
import { alertLogMigration } from './0017_alert_log.js';
import { accountMigration } from './0020_account.js';
import { fansMigration } from './0021_fans.js';
import { simExpiryMigration } from './0022_sim_expiry.js';
import { deliveryMigration } from './0025_delivery.js';
import { sentinelMigration } from './0026_sentinel.js';
import { notificationsMigration } from './0027_notifications.js';
import { pushMigration } from './0028_push.js';
import { batchesMigration } from './0029_batches.js';
import { insightMigration } from './0030_insight.js';
import { rcSchedulerMigration } from './0032_rc_scheduler.js';
import { activationMigration } from './0033_activation.js';
import { packedReadingsMigration } from './0034_packed_readings.js';
import { readingPartitionsMigration } from './0075_reading_partitions.js';
import { postgresReadingsByHourMigration } from './0076_postgres_readings_by_hour.js';
import { ingestJournalOldestReadingMigration } from './0077_ingest_journal_oldest_reading.js';
import { paymentsMigration } from './0035_payments.js';
import { readingsByHourMigration } from './0036_readings_by_hour.js';
import { apiPlanMigration } from './0037_api_plan.js';
import { postgresDailyDepthsMigration } from './0038_postgres_daily_depths.js';
import { ingestRollupsOwedMigration } from './0039_ingest_rollups_owed.js';
import { ingestRollupJournalMigration } from './0040_ingest_rollup_journal.js';
import { ingestJournalOwnerMigration } from './0041_ingest_journal_owner.js';
import { deliveryGroupsMigration } from './0042_delivery_groups.js';
import { deliveryAlertFactsMigration } from './0043_delivery_alert_facts.js';
import { dataBreakDelayMigration } from './0044_data_break_delay.js';
import { pushPerUserMigration } from './0047_push_per_user.js';
import { auditTrailMigration } from './0048_audit_trail.js';
import { stationCallsMigration } from './0049_station_calls.js';
import { adminSearchIndexesMigration } from './0050_admin_search_indexes.js';
import { adminSearchTermsMigration } from './0051_admin_search_terms.js';
import { adminSearchTrigramsMigration } from './0057_admin_search_trigrams.js';
import { broadcastsMigration } from './0060_broadcasts.js';
import { staffMigration } from './0059_staff.js';
import { connectionsMigration } from './0056_connections.js';
import { customerLocationsMigration } from './0058_customer_locations.js';
import { simsMigration } from './0052_sims.js';
import { stationAdminMigration } from './0054_station_admin.js';
import { accountMergesMigration } from './0061_account_merges.js';
import { diagnosticsMigration } from './0055_diagnostics.js';
import { firmwareMigration } from './0053_firmware.js';
import { serviceRegistrationsMigration } from './0063_service_registrations.js';
import { masterRegistrationsMigration } from './0064_master_registrations.js';
import { translationsUpdatedIndexMigration } from './0067_translations_updated_index.js';
import { extraServiceRequestsMigration } from './0068_extra_service_requests.js';
import { verificationsMigration } from './0071_verifications.js';
import { apiKeysMigration } from './0069_api_keys.js';
import { apiStationReleasesMigration } from './0070_api_station_releases.js';
import { gariMigrationsMigration } from './0062_gari_migrations.js';
import { translationSeedsMigration } from './0078_translation_seeds.js';
import { ingestJournalKeysAsTextMigration } from './0079_ingest_journal_keys_as_text.js';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(engine),
    '0002_probe_settings': probeSettingsMigration(engine),
    '0003_translations': translationsMigration(engine),
    '0004_storages': storagesMigration(engine),
    '0005_sites': sitesMigration(engine),
    '0007_quality': qualityMigration(engine),
    '0008_monitors': monitorsMigration(engine),
    '0016_rule_state_version': ruleStateVersionMigration(engine),
    '0017_alert_log': alertLogMigration(engine),
    '0020_account': accountMigration(engine),
    '0021_fans': fansMigration(engine),
    '0022_sim_expiry': simExpiryMigration(engine),
    '0025_delivery': deliveryMigration(engine),
    '0026_sentinel': sentinelMigration(engine),
    '0027_notifications': notificationsMigration(engine),
    '0028_push': pushMigration(engine),
    '0029_batches': batchesMigration(engine),
    '0030_insight': insightMigration(engine),
    '0032_rc_scheduler': rcSchedulerMigration(engine),
    '0033_activation': activationMigration(engine),
    '0034_packed_readings': packedReadingsMigration(engine),
    '0035_payments': paymentsMigration(engine),
    '0036_readings_by_hour': readingsByHourMigration(engine),
    '0037_api_plan': apiPlanMigration(engine),
    '0038_postgres_daily_depths': postgresDailyDepthsMigration(engine),
    '0039_ingest_rollups_owed': ingestRollupsOwedMigration(engine),
    '0040_ingest_rollup_journal': ingestRollupJournalMigration(engine),
    '0041_ingest_journal_owner': ingestJournalOwnerMigration(engine),
    '0042_delivery_groups': deliveryGroupsMigration(engine),
    '0043_delivery_alert_facts': deliveryAlertFactsMigration(engine),
    '0044_data_break_delay': dataBreakDelayMigration(engine),
    '0047_push_per_user': pushPerUserMigration(engine),
    '0048_audit_trail': auditTrailMigration(engine),
    '0049_station_calls': stationCallsMigration(engine),
    '0050_admin_search_indexes': adminSearchIndexesMigration(engine),
    '0051_admin_search_terms': adminSearchTermsMigration(engine),
    '0057_admin_search_trigrams': adminSearchTrigramsMigration(engine),
    '0059_staff': staffMigration(engine),
    '0056_connections': connectionsMigration(engine),
    '0052_sims': simsMigration(engine),
    '0054_station_admin': stationAdminMigration(engine),
    '0055_diagnostics': diagnosticsMigration(engine),
    '0053_firmware': firmwareMigration(engine),
    '0064_master_registrations': masterRegistrationsMigration(engine),
    '0063_service_registrations': serviceRegistrationsMigration(engine),
    '0067_translations_updated_index': translationsUpdatedIndexMigration(engine),
    '0068_extra_service_requests': extraServiceRequestsMigration(engine),
    '0071_verifications': verificationsMigration(engine),
    '0069_api_keys': apiKeysMigration(engine),
    '0070_api_station_releases': apiStationReleasesMigration(engine),
    '0062_gari_migrations': gariMigrationsMigration(engine),
    '0061_account_merges': accountMergesMigration(engine),
    '0060_broadcasts': broadcastsMigration(engine),
    '0058_customer_locations': customerLocationsMigration(engine),
    '0075_reading_partitions': readingPartitionsMigration(engine),
    '0076_postgres_readings_by_hour': postgresReadingsByHourMigration(engine),
    '0077_ingest_journal_oldest_reading': ingestJournalOldestReadingMigration(engine),
    '0078_translation_seeds': translationSeedsMigration(engine),
    '0079_ingest_journal_keys_as_text': ingestJournalKeysAsTextMigration(engine),
  };
}

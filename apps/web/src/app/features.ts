import type { LiveHandler } from '../lib/liveHandler';
import type { PageDefinition } from '../lib/pageDefinition';
import { accountPages } from '../features/account/pages';
import { activationPages } from '../features/activation/pages';
import { adminPages } from '../features/admin/pages';
import { auditPages } from '../features/audit/pages';
import { diagnosticsPages } from '../features/diagnostics/pages';
import { batchesPages } from '../features/batches/pages';
import { connectionsPages } from '../features/connections/pages';
import { customersPages } from '../features/customers/pages';
import { deliveryPages } from '../features/delivery/pages';
import { fansLive } from '../features/fans/live';
import { firmwarePages } from '../features/firmware/pages';
import { gariMigrationPages } from '../features/gari-migration/pages';
import { insightPages } from '../features/insight/pages';
import { instructionsPages } from '../features/instructions/pages';
import { monitorsLive } from '../features/monitors/live';
import { monitorsPages } from '../features/monitors/pages';
import { probeDetailPages } from '../features/probe-detail/pages';
import { probesLive } from '../features/probes/live';
import { probesPages } from '../features/probes/pages';
import { publicApiPages } from '../features/public-api/pages';
import { qualityPages } from '../features/quality/pages';
import { settingsPages } from '../features/settings/pages';
import { servicesPages } from '../features/services/pages';
import { simsPages } from '../features/sims/pages';
import { broadcastsPages } from '../features/broadcasts/pages';
import { staffPages } from '../features/staff/pages';
import { sitePlanPages } from '../features/site-plan/pages';
import { siteIndexPages } from '../features/site-index/pages';
import { stationAdminPages } from '../features/station-admin/pages';
import { stationLogsPages } from '../features/station-logs/pages';
import { storagesPages } from '../features/storages/pages';
import { translationsPages } from '../features/translations/pages';

/** What a web feature adds to the shell: its pages (`pages.tsx`) and its live handlers (`live.ts`). */
export interface WebFeature {
  readonly pages?: readonly PageDefinition[];
  readonly live?: readonly LiveHandler[];
}

/**
 * Every web feature that adds pages or live handlers, one line each, in menu order (decision 0085).
 * The shell derives from this list the routes, menu entries and titles (pages.ts) and the live
 * channel's handlers (RealtimeBridge.tsx). Only the lazily loaded shell imports it, never the entry.
 */
export const WEB_FEATURES: readonly WebFeature[] = [
  { pages: translationsPages },
  { pages: siteIndexPages },
  { pages: publicApiPages },
  { pages: batchesPages },
  { pages: storagesPages },
  { pages: monitorsPages, live: monitorsLive },
  { pages: sitePlanPages },
  { pages: qualityPages },
  { pages: probesPages, live: probesLive },
  { pages: probeDetailPages },
  { pages: settingsPages },
  { pages: accountPages },
  { pages: instructionsPages },
  { pages: adminPages },
  { pages: customersPages },
  { pages: deliveryPages },
  { pages: activationPages },
  { pages: stationLogsPages },
  { pages: connectionsPages },
  { pages: simsPages },
  { pages: servicesPages },
  { pages: broadcastsPages },
  { pages: staffPages },
  { pages: stationAdminPages },
  { pages: firmwarePages },
  { pages: insightPages },
  { pages: auditPages },
  { pages: diagnosticsPages },
  { pages: gariMigrationPages },
  { live: fansLive },
];

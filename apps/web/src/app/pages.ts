import type { PageDefinition } from '../lib/pageDefinition';
import { probesPages } from '../features/probes/pages';
import { probeDetailPages } from '../features/probe-detail/pages';
import { settingsPages } from '../features/settings/pages';
import { instructionsPages } from '../features/instructions/pages';
import { storagesPages } from '../features/storages/pages';
import { sitePlanPages } from '../features/site-plan/pages';
import { qualityPages } from '../features/quality/pages';
import { monitorsPages } from '../features/monitors/pages';
import { accountPages } from '../features/account/pages';
import { deliveryPages } from '../features/delivery/pages';
import { activationPages } from '../features/activation/pages';
import { batchesPages } from '../features/batches/pages';
import { insightPages } from '../features/insight/pages';
import { adminPages } from '../features/admin/pages';

/**
 * Every page of the logged-in app, one line per feature. The shell derives from this list the
 * routes (pageRoutes.tsx), the implemented menu entries and their targets (implementedRoutes.ts,
 * SideMenu.tsx) and the titles (pageTitleKey.ts): a new page touches its feature and this list.
 * Only the lazily loaded shell imports it (the pages' icons are MUI), never the entry.
 */
export const PAGES = [
  ...batchesPages,
  ...storagesPages,
  ...monitorsPages,
  ...sitePlanPages,
  ...qualityPages,
  ...probesPages,
  ...probeDetailPages,
  ...settingsPages,
  ...accountPages,
  ...instructionsPages,
  ...adminPages,
  ...deliveryPages,
  ...activationPages,
  ...insightPages,
] satisfies readonly PageDefinition[];

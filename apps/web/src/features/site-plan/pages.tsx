import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * The site view and site editor (spec doc 3 §2 "{base}/site"), loaded on demand; three.js is a
 * further chunk that the page fetches when it draws. A static segment ranks above the storages
 * feature's 'storages/:itemID', and 'storages/site/:itemID' (a storage opened from the plan) stays
 * the storages feature's.
 */
export const sitePlanPages = [
  {
    paths: ['storages/site'],
    titleKey: 'titles.storages',
    component: lazyPage(() => import('./SitePlanPage').then((m) => ({ default: m.SitePlanPage }))),
  },
] satisfies readonly PageDefinition[];

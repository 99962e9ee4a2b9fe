import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /bslog (spec doc 1 §2 diagnostic pages, doc 3 "Admin and bslog pages are for admins"): the stations'
 * call log, an admin tool listed on the console's home.
 */
export const stationLogsPages = [
  {
    paths: ['bslog'],
    titleKey: 'stationLogs.page.title',
    adminTool: { path: '/bslog', descriptionKey: 'stationLogs.page.adminTool' },
    component: lazyPage(() => import('./BsLogPage').then((m) => ({ default: m.BsLogPage }))),
  },
] satisfies readonly PageDefinition[];

import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /admin/sims (issue 30 items 5 and 6, decision 0092): the SIM cards and the validity overview, an
 * admin tool listed on the console's home for every staff level (Sales reads).
 */
export const simsPages = [
  {
    paths: ['admin/sims'],
    titleKey: 'sims.page.title',
    adminTool: { path: '/admin/sims', descriptionKey: 'sims.page.adminTool', operatorTool: 'sims' },
    component: lazyPage(() => import('./SimsPage').then((m) => ({ default: m.SimsPage }))),
  },
] satisfies readonly PageDefinition[];

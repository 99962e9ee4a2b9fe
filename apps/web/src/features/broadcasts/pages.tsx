import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /admin/broadcasts (issue 31 item 3, decision 0100): broadcasts by SMS and e-mail and the news
 * campaigns, an admin tool listed on the console's home for every staff level (Sales and Tech read;
 * Root and Admin send and change the news).
 */
export const broadcastsPages = [
  {
    paths: ['admin/broadcasts'],
    titleKey: 'broadcasts.page.title',
    adminTool: {
      path: '/admin/broadcasts',
      descriptionKey: 'broadcasts.page.adminTool',
      operatorTool: 'broadcasts',
    },
    component: lazyPage(() => import('./BroadcastsPage').then((m) => ({ default: m.BroadcastsPage }))),
  },
] satisfies readonly PageDefinition[];

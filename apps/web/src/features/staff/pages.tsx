import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /admin/staff (issue 31 item 2, decision 0099): the staff and their levels, listed on the console's
 * home for every level (every level reads the list; Root and Admin change it).
 */
export const staffPages = [
  {
    paths: ['admin/staff'],
    titleKey: 'staff.page.title',
    adminTool: { path: '/admin/staff', descriptionKey: 'staff.page.adminTool', operatorTool: 'staffList' },
    component: lazyPage(() => import('./StaffPage').then((m) => ({ default: m.StaffPage }))),
  },
] satisfies readonly PageDefinition[];

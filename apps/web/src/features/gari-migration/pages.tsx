import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /admin/gari-migration (issue 31 item 6, decision 0102): accounts of the older Gari system moved in
 * from its export. Listed on the console's home for every staff level (each checks an export; Root
 * and Admin migrate).
 */
export const gariMigrationPages = [
  {
    paths: ['admin/gari-migration'],
    titleKey: 'gariMigration.page.title',
    adminTool: {
      path: '/admin/gari-migration',
      descriptionKey: 'gariMigration.page.adminTool',
      operatorTool: 'gariMigrationCheck',
    },
    component: lazyPage(() => import('./GariMigrationPage').then((m) => ({ default: m.GariMigrationPage }))),
  },
] satisfies readonly PageDefinition[];

import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/** /insight (spec doc 1 §2 "Plan and survey page", non-exact): no menu entry; the shell leads there. */
export const insightPages = [
  {
    paths: ['insight/*'],
    titleKey: 'insight.title',
    component: lazyPage(() => import('./InsightPage').then((m) => ({ default: m.InsightPage }))),
  },
  {
    // The migration's settings for staff (spec doc 1 §7 /setMigrationOn, /getMigrationCount).
    paths: ['admin/migration'],
    titleKey: 'insight.migrationSettings.title',
    adminTool: {
      path: '/admin/migration',
      descriptionKey: 'insight.migrationSettings.adminTool',
      operatorTool: 'migrationStatus',
    },
    component: lazyPage(() =>
      import('./MigrationSettingsPage').then((m) => ({ default: m.MigrationSettingsPage })),
    ),
  },
] satisfies readonly PageDefinition[];

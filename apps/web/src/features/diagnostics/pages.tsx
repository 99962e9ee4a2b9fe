import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * The diagnostic pages (spec doc 1 §2 "/test_, /ids_, /rctest_, /g-log, /bslog, /fs: Diagnostic
 * pages", doc 3 "Other admin pages"; decision 0095), each an admin tool on the console's home. The
 * server logs and the Gari calls are listed only to the levels that read them.
 */
export const diagnosticsPages = [
  {
    paths: ['admin/server-logs'],
    titleKey: 'diagnostics.logs.title',
    adminTool: {
      path: '/admin/server-logs',
      descriptionKey: 'diagnostics.logs.adminTool',
      operatorTool: 'serverDiagnostics',
    },
    component: lazyPage(() => import('./ServerLogsPage').then((m) => ({ default: m.ServerLogsPage }))),
  },
  {
    paths: ['g-log'],
    titleKey: 'diagnostics.gari.title',
    adminTool: {
      path: '/g-log',
      descriptionKey: 'diagnostics.gari.adminTool',
      operatorTool: 'serverDiagnostics',
    },
    component: lazyPage(() => import('./GariLogPage').then((m) => ({ default: m.GariLogPage }))),
  },
  {
    paths: ['test_'],
    titleKey: 'diagnostics.tests.title',
    adminTool: { path: '/test_', descriptionKey: 'diagnostics.tests.adminTool' },
    component: lazyPage(() => import('./TestDataPage').then((m) => ({ default: m.TestDataPage }))),
  },
  {
    paths: ['ids_'],
    titleKey: 'diagnostics.ids.title',
    adminTool: { path: '/ids_', descriptionKey: 'diagnostics.ids.adminTool' },
    component: lazyPage(() => import('./IdsPage').then((m) => ({ default: m.IdsPage }))),
  },
] satisfies readonly PageDefinition[];

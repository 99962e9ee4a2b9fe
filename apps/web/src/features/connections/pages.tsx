import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * The operator console's connections pages (decision 0096), each an admin tool on /admin's home:
 * the live connections (/admin/connections), the RC test responses (/rctest_, spec doc 1 §2
 * diagnostic pages) and the field systems (/fs). Admins only; everyone else is sent to "/".
 */
export const connectionsPages = [
  {
    paths: ['admin/connections'],
    titleKey: 'connections.live.title',
    adminTool: {
      path: '/admin/connections',
      descriptionKey: 'connections.live.adminTool',
      operatorTool: 'liveConnections',
    },
    component: lazyPage(() =>
      import('./LiveConnectionsPage').then((m) => ({ default: m.LiveConnectionsPage })),
    ),
  },
  {
    paths: ['rctest_'],
    titleKey: 'connections.rc.title',
    adminTool: { path: '/rctest_', descriptionKey: 'connections.rc.adminTool', operatorTool: 'rcTests' },
    component: lazyPage(() => import('./RcTestPage').then((m) => ({ default: m.RcTestPage }))),
  },
  {
    paths: ['fs'],
    titleKey: 'connections.fs.title',
    adminTool: { path: '/fs', descriptionKey: 'connections.fs.adminTool', operatorTool: 'fieldSystems' },
    component: lazyPage(() => import('./FieldSystemsPage').then((m) => ({ default: m.FieldSystemsPage }))),
  },
] satisfies readonly PageDefinition[];

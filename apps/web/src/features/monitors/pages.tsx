import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/** The monitor list under the storages area (spec doc 3 §2 "{base}/monitors"), loaded on demand. */
export const monitorsPages = [
  {
    paths: ['storages/monitors'],
    titleKey: 'monitors.list.title',
    component: lazyPage(() => import('./MonitorsPage').then((m) => ({ default: m.MonitorsPage }))),
  },
] satisfies readonly PageDefinition[];

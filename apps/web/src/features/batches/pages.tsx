import { lazyPage } from '../../lib/lazyWithPreload';
import Compost from '@mui/icons-material/Compost';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * Compost batches (spec doc 1 §2 "/batches, /batches/{batch_id}"; the side menu's batches entry,
 * which `visibleMenuEntries` shows to compost supervisors who are not gari or hay-app users).
 */
export const batchesPages = [
  {
    paths: ['batches', 'batches/new'],
    titleKey: 'batches.title',
    menu: { entry: 'batches', path: '/batches', icon: <Compost /> },
    component: lazyPage(() => import('./BatchesPage').then((m) => ({ default: m.BatchesPage }))),
  },
  {
    paths: ['batches/:batchId'],
    titleKey: 'batches.title',
    component: lazyPage(() => import('./BatchDetailPage').then((m) => ({ default: m.BatchDetailPage }))),
  },
] satisfies readonly PageDefinition[];

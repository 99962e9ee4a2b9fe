import { lazyPage } from '../../lib/lazyWithPreload';
import Warehouse from '@mui/icons-material/Warehouse';
import type { PageDefinition } from '../../lib/pageDefinition';

/** The storage list and its new-storage dialog (spec doc 3 §2 "Storages area"), loaded on demand. */
export const storagesPages = [
  {
    paths: ['storages', 'storages/new-storage'],
    titleKey: 'titles.storages',
    menu: { entry: 'storages', path: '/storages', icon: <Warehouse /> },
    component: lazyPage(() => import('./StoragesPage').then((m) => ({ default: m.StoragesPage }))),
  },
  // One storage, from the list or the site plan (spec doc 3 §2); the page checks the id itself.
  {
    paths: ['storages/:itemID', 'storages/site/:itemID'],
    titleKey: 'titles.storages',
    component: lazyPage(() => import('./StorageDetailPage').then((m) => ({ default: m.StorageDetailPage }))),
  },
  // The detail opened in hay-quality mode (mode 4) and in the stack editor (spec doc 3 §2).
  {
    paths: ['storages/:itemID/quality'],
    titleKey: 'titles.storages',
    component: lazyPage(() => import('./StorageDetailPage').then((m) => ({ default: m.StorageQualityPage }))),
  },
  {
    paths: ['storages/:itemID/edit'],
    titleKey: 'titles.storages',
    component: lazyPage(() => import('./StorageDetailPage').then((m) => ({ default: m.StorageEditPage }))),
  },
] satisfies readonly PageDefinition[];

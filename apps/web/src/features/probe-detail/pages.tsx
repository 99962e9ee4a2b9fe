import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * A probe's detail, on its own or inside a storage (spec doc 2 §2.4); no menu entry, and the
 * probes' title. It carries the chart library, so it is only ever loaded on demand.
 */
export const probeDetailPages = [
  {
    paths: ['probes/:sensorId', 'storages/:itemID/probes/:sensorId'],
    titleKey: 'titles.probes',
    component: lazyPage(() => import('./ProbeDetailPage').then((m) => ({ default: m.ProbeDetailPage }))),
  },
] satisfies readonly PageDefinition[];

import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /admin/probe-stop (spec doc 1 §7 getProbeStopSettings / saveProbeStopSettings): the fleet's data-break
 * defaults, an admin tool listed on the console's home.
 */
export const stationAdminPages = [
  {
    paths: ['admin/probe-stop'],
    titleKey: 'stationAdmin.probeStop.title',
    adminTool: { path: '/admin/probe-stop', descriptionKey: 'stationAdmin.probeStop.adminTool' },
    component: lazyPage(() =>
      import('./ProbeStopSettingsPage').then((m) => ({ default: m.ProbeStopSettingsPage })),
    ),
  },
] satisfies readonly PageDefinition[];

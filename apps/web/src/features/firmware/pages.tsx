import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /firmware (decision 0093): the firmware images and the stations with a pending or failed update,
 * an admin tool listed on the console's home.
 */
export const firmwarePages = [
  {
    paths: ['firmware'],
    titleKey: 'firmware.page.title',
    adminTool: { path: '/firmware', descriptionKey: 'firmware.page.adminTool' },
    component: lazyPage(() => import('./FirmwarePage').then((m) => ({ default: m.FirmwarePage }))),
  },
] satisfies readonly PageDefinition[];

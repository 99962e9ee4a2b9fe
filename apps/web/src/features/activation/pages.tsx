import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * System and probe activation (spec doc 1 §2: /activation/system, /activation?code1={id},
 * /activation?code2={id}, /activation/probes, /activation), and the admin's kits with their QR codes.
 * Neither has a menu entry (spec doc 1 §2): a kit's QR code, the settings (Add base station, Activate
 * probes) and the probe dialog lead to the first, the admin console's home and the outbox to the kits.
 */
export const activationPages = [
  {
    paths: ['activation', 'activation/system', 'activation/probes'],
    titleKey: 'activation.title',
    component: lazyPage(() => import('./ActivationPage').then((m) => ({ default: m.ActivationPage }))),
  },
  {
    paths: ['admin/kits'],
    titleKey: 'activation.kits.title',
    adminTool: { path: '/admin/kits', descriptionKey: 'activation.kits.adminTool' },
    component: lazyPage(() => import('./KitsPage').then((m) => ({ default: m.KitsPage }))),
  },
] satisfies readonly PageDefinition[];

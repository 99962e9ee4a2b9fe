import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * The admin's outbox (issue 12 item 2: every message sent, with its status), a page of the admin
 * area (spec doc 1 §2 "/admin: admins only"), listed on the admin console's home.
 */
export const deliveryPages = [
  {
    paths: ['admin/outbox'],
    titleKey: 'delivery.outbox.title',
    adminTool: { path: '/admin/outbox', descriptionKey: 'delivery.outbox.adminTool' },
    component: lazyPage(() => import('./OutboxPage').then((m) => ({ default: m.OutboxPage }))),
  },
] satisfies readonly PageDefinition[];

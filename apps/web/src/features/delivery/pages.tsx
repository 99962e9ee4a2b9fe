import { lazy } from 'react';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * The admin's outbox (issue 12 item 2: every message sent, with its status), the first page of the
 * admin area (spec doc 1 §2 "/admin: admins only"), so the side menu's admin entry leads here.
 */
export const deliveryPages = [
  {
    paths: ['admin/outbox'],
    titleKey: 'delivery.outbox.title',
    menu: { entry: 'admin', path: '/admin/outbox', icon: <AdminPanelSettings /> },
    component: lazy(() => import('./OutboxPage').then((m) => ({ default: m.OutboxPage }))),
  },
] satisfies readonly PageDefinition[];

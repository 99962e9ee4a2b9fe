import { lazyPage } from '../../lib/lazyWithPreload';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * The admin console's home at /admin (spec doc 1 §2 "/admin: admins only; others redirected to /"),
 * where the side menu's admin entry leads: the admin pages this build has.
 */
export const adminPages = [
  {
    paths: ['admin'],
    titleKey: 'menu.entries.admin',
    menu: { entry: 'admin', path: '/admin', icon: <AdminPanelSettings /> },
    component: lazyPage(() => import('./AdminHomePage').then((m) => ({ default: m.AdminHomePage }))),
  },
] satisfies readonly PageDefinition[];

import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /admin/customers (issue 31 item 1, decision 0098): every customer with the hay-app split, the
 * masters, the migrated and the map; a customer's facts and actions; registering a customer. An
 * admin tool for every staff level (Sales reads).
 */
export const customersPages = [
  {
    paths: ['admin/customers'],
    titleKey: 'customers.page.title',
    adminTool: {
      path: '/admin/customers',
      descriptionKey: 'customers.page.adminTool',
      operatorTool: 'customers',
    },
    component: lazyPage(() => import('./CustomersPage').then((m) => ({ default: m.CustomersPage }))),
  },
] satisfies readonly PageDefinition[];

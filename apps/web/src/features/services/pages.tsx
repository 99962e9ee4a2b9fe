import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /admin/services (issue 31 item 5, decision 0103): every account's registered services, an admin tool
 * listed on the console's home for every staff level (Root and Admin also register, on the account page).
 */
export const servicesPages = [
  {
    paths: ['admin/services'],
    titleKey: 'services.page.title',
    adminTool: {
      path: '/admin/services',
      descriptionKey: 'services.page.adminTool',
      operatorTool: 'services',
    },
    component: lazyPage(() => import('./ServicesPage').then((m) => ({ default: m.ServicesPage }))),
  },
] satisfies readonly PageDefinition[];

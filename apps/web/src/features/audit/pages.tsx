import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * The audit trail (issue 30 item 2, decision 0089): what staff did and whose data they looked at, a
 * page of the admin area listed on the console's home for the staff levels that may read it.
 */
export const auditPages = [
  {
    paths: ['admin/audit'],
    titleKey: 'audit.title',
    adminTool: { path: '/admin/audit', descriptionKey: 'audit.adminTool', operatorTool: 'auditLog' },
    component: lazyPage(() => import('./AuditPage').then((m) => ({ default: m.AuditPage }))),
  },
] satisfies readonly PageDefinition[];

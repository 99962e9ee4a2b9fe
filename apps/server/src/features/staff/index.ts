import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { CustomerSessionService, type CustomerSessions } from './customerSession.service.js';
import { StaffRepository } from './staff.repository.js';
import { staffRoutes, type SessionCookies } from './staff.routes.js';
import { StaffService, type StaffPorts } from './staff.service.js';

/**
 * The staff (issue 31 item 2) and the customer's session a staff member opens, loginAdmin (item 1):
 * decision 0099. The rules of who may manage whom are shared (domain/staff/staffRules.ts); the
 * sessions feature keeps the tokens of a customer's session, this feature decides who may open one.
 */
export function staffFeature(
  kernel: Kernel,
  deps: StaffPorts & {
    authenticate: Authenticate;
    customerSessions: CustomerSessions & { cookies: SessionCookies };
  },
) {
  const repo = new StaffRepository(kernel.store.db, kernel.store.engine);
  return defineFeature({
    name: 'staff',
    routes: staffRoutes({
      authenticate: deps.authenticate,
      staff: new StaffService(repo, deps, kernel.nowS),
      customerSessions: new CustomerSessionService(repo, deps.customerSessions),
      cookies: deps.customerSessions.cookies,
      refreshTtlS: kernel.config.refreshTokenTtlS,
      nowS: kernel.nowS,
    }),
    exports: {},
  });
}

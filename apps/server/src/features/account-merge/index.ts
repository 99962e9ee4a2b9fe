import type { Authenticate } from '../../http/authenticate.js';
import type { AccessService } from '../../http/access/index.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
// The probesMoved, newData and alertsChanged bus events' types (declared by those features).
import type {} from '../monitors/index.js';
import type {} from '../probes/index.js';
import type {} from '../readings/index.js';
import { AccountMergeRepository } from './accountMerge.repository.js';
import { accountMergeRoutes } from './accountMerge.routes.js';
import { AccountMergeService } from './accountMerge.service.js';

/**
 * Account merges in the operator console (issue 31 item 4, decision 0101): checkAccountMerge and
 * doAccountMerge, Root and Admin staff only.
 */
export function accountMergeFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate },
) {
  const merges = new AccountMergeService(
    new AccountMergeRepository(kernel.store.db),
    deps.access,
    kernel.bus,
    kernel.nowS,
  );
  return defineFeature({
    name: 'account-merge',
    routes: accountMergeRoutes({ authenticate: deps.authenticate, merges }),
    exports: {},
  });
}

import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { MasterAccessRepository } from './masterAccess.repository.js';
import { masterAccessRoutes } from './masterAccess.routes.js';
import { MasterAccessService } from './masterAccess.service.js';

/** Master accounts' access requests and their granting by the farm's owner (spec doc 1 §2, §7). */
export function masterAccessFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate },
) {
  const masterAccess = new MasterAccessService(
    new MasterAccessRepository(kernel.store.db),
    deps.access,
    kernel.nowS,
  );
  return defineFeature({
    name: 'masterAccess',
    routes: masterAccessRoutes({ authenticate: deps.authenticate, masterAccess }),
    exports: {},
  });
}

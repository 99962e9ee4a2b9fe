import type { Authenticate } from '../../http/authenticate.js';
import type { AccessService } from '../../http/access/index.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { AdminConsoleRepository } from './adminConsole.repository.js';
import { adminConsoleRoutes } from './adminConsole.routes.js';
import { AdminConsoleService } from './adminConsole.service.js';

/**
 * The operator console's shell (issue 30 items 1 and 9, decision 0088): the admin bar's facts, the list
 * of every base station and the station picker's search.
 */
export function adminConsoleFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate },
) {
  const service = new AdminConsoleService(
    new AdminConsoleRepository(kernel.store.db, kernel.store.engine),
    kernel.config.env,
  );
  return defineFeature({
    name: 'admin-console',
    routes: adminConsoleRoutes({ authenticate: deps.authenticate, console: service }),
    exports: {},
  });
}

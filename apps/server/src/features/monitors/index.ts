import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../users/index.js';
import { MonitorRepository } from './monitor.repository.js';
import { MonitorService } from './monitor.service.js';
import { monitorRoutes } from './monitors.routes.js';

/** Alert monitors of an account and their rules' state and alerts (spec doc 3 §3-§7). */
export function monitorsFeature(kernel: Kernel, deps: { access: AccessService; authenticate: Authenticate }) {
  const repo = new MonitorRepository(kernel.store.db);
  const monitors = new MonitorService(repo, deps.access, kernel.nowS);
  return defineFeature({
    name: 'monitors',
    routes: monitorRoutes({ authenticate: deps.authenticate, monitors }),
    exports: {
      /** Whether an account has a monitor of this itemID (a storage may only choose its own). */
      monitorExists: async (ownerId: number, itemId: number): Promise<boolean> =>
        (await repo.find(ownerId, itemId)) !== undefined,
    },
  });
}

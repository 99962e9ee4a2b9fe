import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { simOperatorClient } from './simOperatorClient.js';
import { SimsRepository } from './sims.repository.js';
import { simsRoutes } from './sims.routes.js';
import { SimsService } from './sims.service.js';

/**
 * The base stations' SIM cards (issue 30 items 3, 5, 6; decision 0092): the station's card and its
 * status, the list, the check and the import of the operator's export, expiry dates, the operator's
 * callback and the validity overview. The SIM operator is reached through simOperatorClient.ts only.
 */
export function simsFeature(kernel: Kernel, deps: { authenticate: Authenticate }) {
  const cfg = kernel.config.simOperator;
  const sims = new SimsService(
    new SimsRepository(kernel.store.db),
    simOperatorClient(cfg.api),
    cfg.callbackSecret,
    kernel.nowS,
  );
  return defineFeature({
    name: 'sims',
    routes: simsRoutes({ authenticate: deps.authenticate, sims }),
    exports: {},
  });
}

import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { ActivateKitRequest } from '@emberwatch/shared/contracts/activation';
import type { AccessService, Actor } from '../../http/access/index.js';
import { ActivationRepository } from './activation.repository.js';
import { activationRoutes } from './activation.routes.js';
import { ActivationService } from './activation.service.js';
// The probesMoved bus event's type (declared by the probes feature's live events), which this feature uses.
import type {} from '../probes/index.js';

export { seedDemoKits, DEMO_KITS } from './seedKits.js';
export { activationDb, type ActivationTables } from './activation.tables.js';

/**
 * Activation (issue 14 item 5, decision 0052): kits — a base station or a probe set — claimed by their
 * code into the caller's account, and the admin's list of kits with printable QR codes.
 */
export function activationFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate },
) {
  const activation = new ActivationService(
    new ActivationRepository(kernel.store.db),
    deps.access,
    kernel.bus,
    // The address mails link to is the one a printed label must lead to as well.
    kernel.config.delivery.publicUrl,
    kernel.nowS,
  );
  return defineFeature({
    name: 'activation',
    routes: activationRoutes({ authenticate: deps.authenticate, activation }),
    exports: {
      /** A kit claimed by its code, with every rule, refusal and throttle of the activation dialog (the partner apps' and the public API's activations). */
      activateKit: (actor: Actor, req: ActivateKitRequest, address: string) =>
        activation.activate(actor, req, address),
      /** A station this account released through the public API, back by its id. */
      reclaimStation: (actor: Actor, bsId: string) => activation.reclaimStation(actor, bsId),
    },
  });
}

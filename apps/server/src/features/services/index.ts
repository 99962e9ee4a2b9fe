import type { AccessService } from '../../http/access/index.js';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { ServicesRepository } from './services.repository.js';
import { servicesRoutes } from './services.routes.js';
import { ServicesService } from './services.service.js';

/** How often registrations whose end has come are ended: the end is a day, an hour late is fine. */
export const SERVICE_EXPIRY_EVERY_MS = 15 * 60_000;

/**
 * A customer's services registered by staff (issue 31 item 5, decision 0103): the storages feature,
 * the users allowance and the limited data tier, each with an optional end, and their history.
 */
export function servicesFeature(kernel: Kernel, deps: { authenticate: Authenticate; access: AccessService }) {
  const services = new ServicesService(new ServicesRepository(kernel.store.db), deps.access, kernel.nowS);
  return defineFeature({
    name: 'services',
    routes: servicesRoutes({ authenticate: deps.authenticate, services }),
    jobs: [
      {
        name: 'services.expiry',
        everyMs: SERVICE_EXPIRY_EVERY_MS,
        firstAfterMs: 60_000,
        run: async () => void (await services.expire()),
      },
    ],
    exports: {},
  });
}

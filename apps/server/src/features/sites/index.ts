import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { BaseStationRepository } from '../base-stations/index.js';
import type { AccountStorage } from '../storages/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import { SiteRepository } from './site.repository.js';
import { SiteService } from './site.service.js';
import { siteRoutes } from './sites.routes.js';

/** Site plans of an account's base stations (the storages placed on a grid) and users' site names. */
export function sitesFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    storagesOfAccount: (ownerId: number) => Promise<AccountStorage[]>;
  },
) {
  const { db } = kernel.store;
  const sites = new SiteService(
    new SiteRepository(db),
    deps.access,
    new BaseStationRepository(db),
    deps.storagesOfAccount,
    kernel.nowS,
  );
  return defineFeature({
    name: 'sites',
    routes: siteRoutes({ authenticate: deps.authenticate, sites }),
    // The caller's own site names, which the site index applies (decision 0105).
    exports: { siteNamesOf: (actor: Actor) => sites.names(actor) },
  });
}

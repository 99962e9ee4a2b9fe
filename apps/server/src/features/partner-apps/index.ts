import type { Authenticate } from '../../http/authenticate.js';
import type { AccessService } from '../../http/access/index.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import { partnerAppsRoutes } from './partnerApps.routes.js';
import { PartnerAppsService, type ActivateKit } from './partnerApps.service.js';

/**
 * The partner apps (issue 33 item 5, decisions 0116-0118): the Haytech app's activations, through
 * the activation feature's claim. The entry pages /gari, /haytechapp and /SAV-{product} are the web's.
 */
export function partnerAppsFeature(deps: {
  access: AccessService;
  authenticate: Authenticate;
  activateKit: ActivateKit;
}) {
  const partnerApps = new PartnerAppsService(deps.access, deps.activateKit);
  return defineFeature({
    name: 'partner-apps',
    routes: partnerAppsRoutes({ authenticate: deps.authenticate, partnerApps }),
    exports: {},
  });
}

import type { MinMaxResponse, MinmaxQuery } from '@emberwatch/shared/contracts/probeData';
import type { Authenticate } from '../../http/authenticate.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
// The probesMoved and newData bus events' types (declared by the probes and readings features).
import type {} from '../probes/index.js';
import type {} from '../readings/index.js';
import { StationAdminRepository } from './stationAdmin.repository.js';
import { stationAdminRoutes } from './stationAdmin.routes.js';
import { StationAdminService } from './stationAdmin.service.js';

/**
 * A base station's tools in the operator console (issue 30 items 3 and 5, decision 0094): replace,
 * remove and group stations, the replacement history, the fleet's probe stop settings (exported to
 * the data-break rules), and the customer calls POST bsConf, soc and auxMinmax.
 */
export function stationAdminFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    minmaxOf: (actor: Actor, q: MinmaxQuery) => Promise<MinMaxResponse>;
  },
) {
  const admin = new StationAdminService(
    new StationAdminRepository(kernel.store.db),
    deps.access,
    kernel.bus,
    kernel.nowS,
    deps.minmaxOf,
  );
  return defineFeature({
    name: 'station-admin',
    routes: stationAdminRoutes({ authenticate: deps.authenticate, admin }),
    exports: {
      /** The fleet's probe stop settings, as the data-break rules apply them. */
      probeStopRules: () => admin.probeStopRules(),
      /** A station's own settings as GET bsConf shows them (the defaults while none were saved). */
      stationSettingsOf: (bsId: string) => admin.stationSettingsOf(bsId),
      /** Takes a station the caller was allowed to remove out of its account (its kit reopens). */
      releaseStation: (ownerId: number, bsId: string) => admin.release(ownerId, bsId),
    },
  });
}

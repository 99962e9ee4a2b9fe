import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { Authenticate } from '../../http/authenticate.js';
import { BaseStationRepository } from '../base-stations/index.js';
import { parseStationAuthorization, StationCredentials } from '../ingest/index.js';
import { FirmwareRepository } from './firmware.repository.js';
import { firmwareRoutes, firmwareStationRoutes } from './firmware.routes.js';
import { FirmwareService } from './firmware.service.js';

export type { FirmwareService } from './firmware.service.js';
export type { FirmwareTables } from './firmware.tables.js';

/**
 * Firmware updates of base stations (decision 0093): the operator's calls, the station's fetch and
 * report, and `otaOffers`, which the ingest feature's station route asks for the update pending for
 * the station that called (listed before ingest for that).
 */
export function firmwareFeature(kernel: Kernel, deps: { authenticate: Authenticate }) {
  const firmware = new FirmwareService(
    new FirmwareRepository(kernel.store.db, kernel.store.engine),
    kernel.nowS,
  );
  const credentials = new StationCredentials(new BaseStationRepository(kernel.store.db));
  const stationAuth = async (header: string | undefined) => {
    const auth = parseStationAuthorization(header);
    return auth && (await credentials.verify(auth.bsId, auth.secret)) ? auth.bsId : null;
  };
  return defineFeature({
    name: 'firmware',
    // Two scopes: the staff's calls authenticate a user, the station's a station.
    routes: async (app) => {
      const staff = firmwareRoutes({ authenticate: deps.authenticate, firmware });
      const station = firmwareStationRoutes({ stationAuth, firmware });
      await app.register((scope, _opts, done) => {
        staff(scope);
        done();
      });
      await app.register((scope, _opts, done) => {
        station(scope);
        done();
      });
    },
    exports: { otaOffers: { offerFor: (bsId: string) => firmware.offerFor(bsId) } },
  });
}

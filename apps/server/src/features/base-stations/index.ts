import type { Authenticate } from '../../http/authenticate.js';
import type { StationSettings } from '@emberwatch/shared/contracts/baseStations';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { LatestReadingsService } from '../readings/index.js';
import type { AccessService } from '../../http/access/index.js';
import { BaseStationRepository } from './baseStation.repository.js';
import { BaseStationService } from './baseStation.service.js';
import { baseStationRoutes } from './baseStations.routes.js';

export { BaseStationRepository } from './baseStation.repository.js';
export { presentBsListEntry } from './baseStation.presenter.js';
export type { BaseStationRow, ProbeRow, ProbeWithStation } from './baseStation.repository.js';

/** The station list, station configuration (bsConf) and latest data. */
export function baseStationsFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    latest: LatestReadingsService;
    stationSettingsOf: (bsId: string) => Promise<StationSettings>;
  },
) {
  const stations = new BaseStationService(
    new BaseStationRepository(kernel.store.db),
    deps.access,
    deps.latest,
    deps.stationSettingsOf,
  );
  return defineFeature({
    name: 'base-stations',
    routes: baseStationRoutes({ authenticate: deps.authenticate, stations, nowS: kernel.nowS }),
    exports: {
      /** A station's configuration as GET bsConf answers the caller (the users feature's getUserInfoAndConf). */
      conf: stations.conf.bind(stations),
    },
  });
}

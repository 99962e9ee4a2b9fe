import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { BaseStationRepository } from '../base-stations/index.js';
import type { ReadingHistory } from '../readings/index.js';
import type { MinmaxQuery } from '@emberwatch/shared/contracts/probeData';
import type { AccessService, Actor } from '../../http/access/index.js';
import { ProbeRepository } from './probe.repository.js';
import { ProbeConfigService } from './probeConfig.service.js';
import { ProbeDataRepository } from './probeData.repository.js';
import { ProbeDataService } from './probeData.service.js';
import { probeRoutes } from './probes.routes.js';
import { probesLive } from './probes.live.js';

/**
 * Probe history (chart, snapshots, extremes, table, analysis) and probe and station settings
 * (sensorConf, enable/disable, transfer, station name and time zone).
 */
export function probesFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate; history: ReadingHistory },
) {
  const { db } = kernel.store;
  const stations = new BaseStationRepository(db);
  const probeData = new ProbeDataService(
    new ProbeDataRepository(db, deps.history),
    deps.access,
    stations,
    kernel.nowS,
  );
  return defineFeature({
    name: 'probes',
    live: probesLive,
    routes: probeRoutes({
      authenticate: deps.authenticate,
      probeData,
      probeConfig: new ProbeConfigService(
        new ProbeRepository(db),
        stations,
        deps.access,
        kernel.bus,
        kernel.nowS,
      ),
    }),
    exports: {
      /** Each probe's corrected extremes over a period, as GET /client/minmaxData answers (aux probes' too). */
      minmaxOf: (actor: Actor, q: MinmaxQuery) => probeData.minmax(actor, q),
    },
  });
}

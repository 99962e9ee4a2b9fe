import type { SiteName } from '@emberwatch/shared/contracts/sites';
import type { Actor } from '../../http/access/index.js';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { SiteIndexRepository } from './siteIndex.repository.js';
import { siteIndexRoutes } from './siteIndex.routes.js';
import { SiteIndexService } from './siteIndex.service.js';
import { StationProbesCache } from './stationProbes.cache.js';
// The newData bus event's type (declared by the readings feature's live events), which this feature uses.
import type {} from '../readings/index.js';

/**
 * The site index (issue 32 item 2, decision 0105): a master's farms, or a flagged account's several
 * stations, each site with its hottest probe, open alerts and data age. The site names are the sites
 * feature's (`siteNamesOf`).
 */
export function siteIndexFeature(
  kernel: Kernel,
  deps: { authenticate: Authenticate; siteNamesOf: (actor: Actor) => Promise<SiteName[]> },
) {
  const repo = new SiteIndexRepository(kernel.store.db);
  const probes = new StationProbesCache((bsIds) => repo.probesOf(bsIds));
  const service = new SiteIndexService(repo, probes, deps.siteNamesOf, kernel.nowS);
  return defineFeature({
    name: 'site-index',
    routes: siteIndexRoutes({ authenticate: deps.authenticate, siteIndex: service }),
    // A station's new readings (and corrections, transfers) drop what is kept of its probes.
    events: { newData: ({ bsIds }) => probes.forgetStations(bsIds) },
    exports: {},
  });
}

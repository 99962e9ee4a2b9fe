import type { SiteName } from '@emberwatch/shared/contracts/sites';
import type { MultisiteFarm } from '@emberwatch/shared/contracts/siteIndex';
import { enforce, whoAmI, type Actor } from '../../http/access/index.js';
import { buildMultisite } from './buildMultisite.js';
import { mayOpenSiteIndex, watchedAccounts } from './siteIndex.policy.js';
import type { SiteIndexRepository } from './siteIndex.repository.js';
import type { StationProbesCache } from './stationProbes.cache.js';

/**
 * GET /client/getMultisiteData (decision 0105): the farms the caller watches, each with its sites.
 * The policy decides who may ask and whose farms are listed (a master: the accounts that authorised
 * it, through the Actor AccessService made; a flagged account: its own); the caller's own site
 * names come from the sites feature.
 */
export class SiteIndexService {
  constructor(
    private readonly repo: SiteIndexRepository,
    private readonly probes: Pick<StationProbesCache, 'probesOf'>,
    private readonly siteNamesOf: (actor: Actor) => Promise<SiteName[]>,
    private readonly nowS: () => number,
  ) {}

  async multisite(actor: Actor): Promise<{ now: number; farms: MultisiteFarm[] }> {
    const who = whoAmI(actor);
    enforce(mayOpenSiteIndex(who, await this.repo.accountFacts(actor.accountId)));
    const accounts = watchedAccounts(who, actor);
    const nowS = this.nowS();
    const [farms, stations, alerts, names] = await Promise.all([
      this.repo.farms(accounts),
      this.repo.stations(accounts),
      this.repo.currentAlerts(accounts),
      this.siteNamesOf(actor),
    ]);
    const probes = await this.probes.probesOf(stations.map((s) => s.id));
    return { now: nowS, farms: buildMultisite({ farms, stations, probes, alerts, names, nowS }) };
  }
}

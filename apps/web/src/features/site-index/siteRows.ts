import type { MultisiteFarm, MultisiteSite } from '@emberwatch/shared/contracts/siteIndex';
import type { RankableSite } from '@emberwatch/shared/domain/siteIndex';

/** One row of the index: a site with its farm, as the filter and the order want it. */
export interface SiteRow extends RankableSite {
  key: string;
  farmUID: number;
  farmName: string;
  username: string;
  bsId: string;
  site: MultisiteSite;
}

/** The farms' sites as one list (the order is the page's: rankSites). */
export function siteRowsOf(farms: readonly MultisiteFarm[]): SiteRow[] {
  return farms.flatMap((f) =>
    f.sites.map((s) => ({
      key: `${f.UID}/${s.BS_ID}`,
      farmUID: f.UID,
      farmName: f.name,
      username: f.username,
      bsId: s.BS_ID,
      name: s.name,
      hottest: s.hottest?.temperature ?? null,
      openAlerts: s.openAlerts,
      site: s,
    })),
  );
}

import type { BasestationSummary, BsConfResponse } from '@emberwatch/shared/contracts/baseStations';
import { ApiError } from '../../http/ApiError.js';
import { whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import type { LatestReadingsService } from '../readings/index.js';
import { presentBsConf, presentSummary } from './baseStation.presenter.js';
import type { BaseStationRepository } from './baseStation.repository.js';
import { listsEveryStation } from './baseStations.policy.js';
import type { StationSettings } from '@emberwatch/shared/contracts/baseStations';

/** Admins without a customer selected see every station, up to this many. */
const ADMIN_LIST_LIMIT = 1000;

/** The station list, a station's configuration and its latest readings, for those who may see them. */
export class BaseStationService {
  constructor(
    private readonly stations: BaseStationRepository,
    private readonly access: AccessService,
    private readonly latest: Pick<LatestReadingsService, 'resultsJson'>,
    private readonly stationSettingsOf: (bsId: string) => Promise<StationSettings>,
  ) {}

  /** GET /client/basestationArray: the caller's stations, an account's (UID), or for admins all. */
  async list(actor: Actor, uid: number | undefined): Promise<BasestationSummary[]> {
    const rows = listsEveryStation(whoAmI(actor), { uid })
      ? await this.stations.listAll(ADMIN_LIST_LIMIT)
      : await this.access.visibleStations(actor, await this.access.targetAccount(actor, uid));
    const groups = [...new Set(rows.map((r) => r.bs_group).filter((g): g is string => g !== null))];
    const [sizes, kinds] = await Promise.all([
      this.stations.groupSizes(groups),
      this.stations.probeKindCounts(rows.map((r) => r.id)),
    ]);
    return rows.map((r) =>
      presentSummary(r, r.bs_group ? (sizes.get(r.bs_group) ?? 1) : 1, kinds.get(r.id) ?? new Map()),
    );
  }

  /** GET /client/bsConf. */
  async conf(actor: Actor, bsId: string): Promise<BsConfResponse> {
    await this.access.assertCanSeeStation(actor, bsId);
    const bs = await this.stations.findById(bsId);
    if (!bs) throw ApiError.forbidden();
    const [probes, settings] = await Promise.all([
      this.stations.listProbes(bsId),
      this.stationSettingsOf(bsId),
    ]);
    return presentBsConf(bs, probes, settings);
  }

  /** The `results` array of GET /client/data as JSON text (the probe list's hottest call). */
  async latestJson(actor: Actor, bsId: string): Promise<string> {
    await this.access.assertCanSeeStation(actor, bsId);
    return this.latest.resultsJson(bsId);
  }
}

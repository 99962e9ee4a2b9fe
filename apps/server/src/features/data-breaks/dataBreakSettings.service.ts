import type {
  GetDataBreakSettingsResponse,
  SaveDataBreakSettingsRequest,
} from '@emberwatch/shared/contracts/dataBreaks';
import {
  DATA_BREAK_DELAY_MAX_S,
  DATA_BREAK_DELAY_MIN_S,
  effectiveDataBreakDelays,
  type DataBreakDelays,
  type EffectiveDataBreakDelays,
} from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { ApiError } from '../../http/ApiError.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { DataBreakSettingsRepository } from './dataBreakSettings.repository.js';

type Settings = Omit<GetDataBreakSettingsResponse, 'status_code'>;

/**
 * The data-break delay settings (decision 0071): whoever may see the account reads them; the owner,
 * an admin acting for it and a grand master change them (the shared `mayChange('editDataBreaks')`).
 * The contract has already refused delays out of bounds; a storage of another account (or none) is
 * refused here before anything is written.
 */
export class DataBreakSettingsService {
  constructor(
    private readonly repo: DataBreakSettingsRepository,
    private readonly access: AccessService,
    /** The fleet's probe stop settings (the station-admin feature, decision 0094). */
    private readonly fleetRules: () => Promise<{ defaultS: number; reportingIntervals: number }>,
  ) {}

  async get(actor: Actor, uid: number | undefined): Promise<Settings> {
    return this.settingsOf(await this.access.accountIdFor(actor, uid));
  }

  async save(actor: Actor, req: SaveDataBreakSettingsRequest): Promise<Settings> {
    const ownerId = await this.access.accountIdFor(actor, req.UID);
    this.access.assertMayChange(actor, 'editDataBreaks');
    const storages = (req.storages ?? []).map((s) => ({ id: s.itemID, delayS: s.delayS }));
    // Alike for a storage of another account and one that does not exist (no probing for ids); the
    // repository writes all or nothing.
    if (!(await this.repo.save(ownerId, { accountS: req.delayS, storages })))
      throw ApiError.forbidden('You do not have access to this storage.');
    return this.settingsOf(ownerId);
  }

  async delays(ownerId: number): Promise<DataBreakDelays> {
    const [accountS, storages, fleet] = await Promise.all([
      this.repo.accountDelay(ownerId),
      this.repo.storages(ownerId),
      this.fleetRules(),
    ]);
    return {
      accountS,
      fleet,
      storages: new Map(storages.flatMap((s) => (s.data_break_s === null ? [] : [[s.id, s.data_break_s]]))),
    };
  }

  async effective(ownerId: number): Promise<EffectiveDataBreakDelays> {
    const [delays, stationIds, probes] = await Promise.all([
      this.delays(ownerId),
      this.repo.stationIds(ownerId),
      this.repo.probes(ownerId),
    ]);
    return effectiveDataBreakDelays(delays, stationIds, probes);
  }

  private async settingsOf(ownerId: number): Promise<Settings> {
    const [delayS, storages, fleet] = await Promise.all([
      this.repo.accountDelay(ownerId),
      this.repo.storages(ownerId),
      this.fleetRules(),
    ]);
    return {
      delayS,
      // An account that chose none follows the fleet's default, which the operator may have changed.
      defaultS: fleet.defaultS,
      minS: DATA_BREAK_DELAY_MIN_S,
      maxS: DATA_BREAK_DELAY_MAX_S,
      storages: storages.map((s) => ({ itemID: s.id, name: s.name, delayS: s.data_break_s })),
    };
  }
}

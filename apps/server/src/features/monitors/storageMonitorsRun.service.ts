import type {
  ProcessStorageMonitorsQuery,
  ProcessStorageMonitorsResponse,
} from '@emberwatch/shared/contracts/monitors';
import type { RuleEffect } from '@emberwatch/shared/domain/rules/ruleEffects';
import { ApiError } from '../../http/ApiError.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { MonitorService } from './monitor.service.js';
import type { MonitorRepository } from './monitor.repository.js';

/** Runs the monitors used at these stations now (MonitorEvaluator.evaluateNow). */
export type EvaluateNow = (bsIds: readonly string[]) => Promise<RuleEffect[]>;

/**
 * GET /data/processStorageMonitors (spec doc 3 §7 "Process storage monitors {BS_ID, UID, itemIDs[]}",
 * decision 0108): the monitors of the given storages judge the readings already received now, rather
 * than at the next reading, and the answer is those monitors with their alerts. It brings forward what
 * the engine would do anyway and changes no setting, so whoever may see the account may ask (a
 * read-only master too). The station and every storage must be the account's: an unknown storage and
 * another account's are refused alike, before anything runs.
 */
export class StorageMonitorsRunService {
  constructor(
    private readonly repo: MonitorRepository,
    private readonly access: AccessService,
    private readonly monitors: MonitorService,
    private readonly evaluateNow: EvaluateNow,
  ) {}

  async run(actor: Actor, q: ProcessStorageMonitorsQuery): Promise<ProcessStorageMonitorsResponse> {
    const stationAccount = await this.access.accountOfStation(actor, q.BS_ID);
    const accountId = q.UID === undefined ? stationAccount : await this.access.accountIdFor(actor, q.UID);
    if (accountId !== stationAccount) throw ApiError.forbidden();
    const ids = [...new Set(q.itemIDs)];
    const storages = await this.repo.storagesOf(accountId, ids);
    if (storages.length !== ids.length) throw ApiError.forbidden('You do not have access to this storage.');
    const monitorIds = new Set(storages.flatMap((s) => (s.monitor_id === null ? [] : [s.monitor_id])));
    const stations = [...new Set(storages.map((s) => s.bs_id))];
    const effects = monitorIds.size > 0 ? await this.evaluateNow(stations) : [];
    const monitors = await this.monitors.list(actor, accountId);
    return {
      status_code: 0,
      results: monitors.filter((m) => monitorIds.has(m.itemID)),
      changes: effects.length,
    };
  }
}

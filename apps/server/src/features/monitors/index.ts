import type { Alert, AlertKey } from '@emberwatch/shared/contracts/monitors';
import { RULE_TYPE_INFO, type RuleType } from '@emberwatch/shared/domain/kinds/ruleTypes';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { AlertLogRepository } from './alertLog.repository.js';
import { alertLogRowsOf } from './alertLogRows.js';
import type { FreshReadingsHub } from '../ingest/index.js';
import { FreshReadingsBuffer } from './freshReadingsBuffer.js';
import { MonitorEvaluator } from './monitorEvaluator.js';
import { MonitorRepository } from './monitor.repository.js';
import { MonitorService, type ControllerIdsOf } from './monitor.service.js';
import { monitorRoutes } from './monitors.routes.js';
import { monitorsLive } from './monitors.live.js';
import { StorageMonitorsRunService } from './storageMonitorsRun.service.js';
// The newData bus event's type (declared by the readings feature's live events), which this feature uses.
import type {} from '../readings/index.js';

export { MonitorEvaluator } from './monitorEvaluator.js';
export type { AlertEffectsRecorder, AlertEffectsSource } from './monitorEvaluator.js';

/** Whether a storage may choose a monitor: see the export monitorChoice. */
export type MonitorChoice = 'ok' | 'missing' | 'fanTaken';

/** How often the data-break job looks for silent probes of monitored storages. */
export const MONITOR_TICK_EVERY_MS = 5 * 60_000;

/** Alert monitors of an account and their rules' state and alerts (spec doc 3 §3-§7). */
export function monitorsFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    /** Every reading ingest commits to this SQLite file (undefined on PostgreSQL). */
    freshReadings: FreshReadingsHub | undefined;
    /** The account's RC units, which its fan-control rules may name (the fans feature's). */
    controllerIdsOf: ControllerIdsOf;
  },
) {
  const repo = new MonitorRepository(kernel.store.db, kernel.store.engine);
  let log: ((err: unknown) => void) | undefined;
  let fresh: FreshReadingsBuffer | undefined;
  if (deps.freshReadings) {
    const buffer = (fresh = new FreshReadingsBuffer());
    deps.freshReadings.subscribe((readings) => buffer.add(readings));
  }
  const evaluator = new MonitorEvaluator(
    kernel.store.db,
    kernel.store.engine,
    kernel.nowS,
    (err) => {
      if (log) log(err);
    },
    fresh,
  );
  const alertsChanged = (ownerIds: number[], bsIds: string[]) =>
    kernel.bus.emit('alertsChanged', { ownerIds, bsIds });
  evaluator.onAlertsChanged(alertsChanged);
  // The logbook's lines of alerts raised and ended commit with them.
  const logbook = new AlertLogRepository(kernel.store.db);
  evaluator.onAlertEffects((trx, source, effects, nowS) =>
    logbook.insert(trx, alertLogRowsOf(source, effects, nowS)),
  );
  const monitors = new MonitorService(
    repo,
    deps.access,
    kernel.nowS,
    () => evaluator.forgetStations(),
    (ownerId, bsIds) => alertsChanged([ownerId], bsIds),
    logbook,
    deps.controllerIdsOf,
  );
  const runs = new StorageMonitorsRunService(repo, deps.access, monitors, (bsIds) =>
    evaluator.evaluateNow(bsIds),
  );
  return defineFeature({
    name: 'monitors',
    live: monitorsLive,
    routes: (app) => {
      log = (err) => app.log.error({ err }, 'monitor evaluation failed');
      return monitorRoutes({ authenticate: deps.authenticate, monitors, runs })(app);
    },
    // Another instance's commit is evaluated by that instance; a re-run here would only find duplicates.
    events: { newData: ({ bsIds, remote }) => (remote ? undefined : evaluator.schedule(bsIds)) },
    jobs: [
      {
        name: 'monitors.dataBreaks',
        everyMs: MONITOR_TICK_EVERY_MS,
        run: () => evaluator.tickAll().then(() => undefined),
      },
    ],
    stop: () => evaluator.idle(),
    exports: {
      /**
       * Whether a storage (undefined: a new one) may choose this monitor: it must be its account's
       * own, and a monitor with a fan-control rule drives one storage's controller only (spec doc 3 §4).
       */
      monitorChoice: async (
        ownerId: number,
        itemId: number,
        storageId: number | undefined,
      ): Promise<MonitorChoice> => {
        const row = await repo.find(ownerId, itemId);
        if (!row) return 'missing';
        const rules = JSON.parse(row.rules) as { type: RuleType }[];
        if (!rules.some((r) => RULE_TYPE_INFO[r.type].fanControl)) return 'ok';
        const users = (await repo.storagesUsing(ownerId)).get(itemId) ?? [];
        return users.some((id) => id !== storageId) ? 'fanTaken' : 'ok';
      },
      evaluator,
      /**
       * Where an alert stands now: still current (and whether someone acknowledged it), or gone
       * (recovered, reset, its rule changed). The delivery feature asks before each repeat.
       */
      alertStatus: async (
        ownerId: number,
        monitorId: number,
        ruleId: number,
        key: AlertKey,
      ): Promise<{ status: 'current' | 'acknowledged' | 'gone'; ackBy: number | null }> => {
        const json = await repo.currentAlerts(ownerId, monitorId, ruleId);
        const alert = json
          ? (JSON.parse(json) as Alert[]).find(
              (a) => a.sensor_id === key.sensor_id && a.depth === key.depth && a.ts === key.ts,
            )
          : undefined;
        if (!alert) return { status: 'gone', ackBy: null };
        return alert.ack
          ? { status: 'acknowledged', ackBy: alert.ack.by }
          : { status: 'current', ackBy: null };
      },
      /** A recipient acknowledged alerts through a channel (see MonitorService.recordAcknowledgement). */
      acknowledgeFor: monitors.recordAcknowledgement.bind(monitors),
    },
  });
}

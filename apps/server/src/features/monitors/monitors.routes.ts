import type { FastifyInstance } from 'fastify';
import { monitorEndpoints } from '@emberwatch/shared/contracts/monitors';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { MonitorService } from './monitor.service.js';
import type { StorageMonitorsRunService } from './storageMonitorsRun.service.js';

export interface MonitorRouteDeps {
  authenticate: Authenticate;
  monitors: MonitorService;
  runs: StorageMonitorsRunService;
}

/** Monitors (spec doc 3 §7, doc 1 §6); the service checks every access. */
export function monitorRoutes(ctx: MonitorRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const e = monitorEndpoints;

    route(app, e.getMonitors).handle(async (req) => ({
      status_code: 0 as const,
      results: await ctx.monitors.list(actorOf(req), req.query.UID),
    }));

    route(app, e.saveMonitor).handle(async (req) => ({
      status_code: 0 as const,
      item: await ctx.monitors.save(actorOf(req), req.body.UID, req.body.item),
    }));

    route(app, e.getStorageLogbook).handle(async (req) => ({
      status_code: 0 as const,
      results: await ctx.monitors.logbook(actorOf(req), req.query.UID, req.query.itemID, req.query.before),
    }));

    route(app, e.processStorageMonitors).handle((req) => ctx.runs.run(actorOf(req), req.query));

    route(app, e.resetAlerts).handle(async (req) => ({
      status_code: 0 as const,
      item: await ctx.monitors.reset(actorOf(req), req.body),
    }));

    route(app, e.acknowledgeAlerts).handle(async (req) => ({
      status_code: 0 as const,
      item: await ctx.monitors.acknowledge(actorOf(req), req.body),
    }));

    route(app, e.removeMonitor).handle(async (req) => {
      await ctx.monitors.remove(actorOf(req), req.body.UID, req.body.itemID);
      return { status_code: 0 as const };
    });
  };
}

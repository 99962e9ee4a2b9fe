import type { FastifyInstance } from 'fastify';
import { probeConfigEndpoints } from '@emberwatch/shared/contracts/probeConfig';
import { probeDataEndpoints } from '@emberwatch/shared/contracts/probeData';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route, unchecked } from '../../http/route.js';
import type { ProbeConfigService } from './probeConfig.service.js';
import type { ProbeDataService } from './probeData.service.js';

export interface ProbeRouteDeps {
  authenticate: Authenticate;
  probeData: ProbeDataService;
  probeConfig: ProbeConfigService;
}

/**
 * Probe history (chart, snapshots, extremes, table, analysis) and probe and station settings.
 * The services check that the caller may see (or change) each probe's station.
 *
 * Answers that grow with the number of readings (chart points, daily maxima, table rows, analysis
 * packets) are sent `unchecked`: their schemas document them, the compiler checks the services'
 * typed values against them, and JSON.stringify writes them. Measured on this machine, the
 * serialiser's zod pass costs 4–8 times the stringify itself: about 30 ms instead of 6 ms for 60
 * days of table rows at 15-minute intervals (5,760 rows), 7 ms instead of 2 ms for 4,800 chart
 * points, 180 ms instead of 47 ms for a year's analysis, time the event loop serves no one else.
 * The small answers (extremes, settings) go through the checking serialiser.
 */
export function probeRoutes(ctx: ProbeRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const data = probeDataEndpoints;
    const config = probeConfigEndpoints;

    route(app, data.sensorData).handle(async (req) =>
      unchecked(await ctx.probeData.sensorData(actorOf(req), req.query)),
    );

    route(app, data.snapshot).handle(async (req) =>
      unchecked(await ctx.probeData.snapshot(actorOf(req), req.query)),
    );

    route(app, data.minmaxData).handle((req) => ctx.probeData.minmax(actorOf(req), req.query));

    route(app, data.data2).handle(async (req) =>
      unchecked(await ctx.probeData.table(actorOf(req), req.query)),
    );

    route(app, data.getSensorStats).handle(async (req) =>
      unchecked(await ctx.probeData.analysis(actorOf(req), req.query)),
    );

    route(app, config.sensorConf).handle(async (req) => {
      await ctx.probeConfig.saveSensorConf(actorOf(req), req.body.bs_id, req.body.sensorConfigurations);
      return { status_code: 0 };
    });

    route(app, config.toggleSensors).handle(async (req) => {
      const { bs_id, selected_sensor_ids, is_disabled } = req.body;
      await ctx.probeConfig.toggle(actorOf(req), bs_id, selected_sensor_ids, is_disabled);
      return { status_code: 0 };
    });

    route(app, config.transferSensors).handle(async (req) => {
      const { currentBS, selectedBS, selectedSensors } = req.body;
      const transferred = await ctx.probeConfig.transfer(
        actorOf(req),
        currentBS,
        selectedBS,
        selectedSensors,
      );
      return { status_code: 0, transferred };
    });

    route(app, config.updateBsDisplayName).handle(async (req) => {
      await ctx.probeConfig.setDisplayName(actorOf(req), req.body.bs_id, req.body.display_name);
      return { status_code: 0 };
    });

    route(app, config.setBsTimezone).handle(async (req) => {
      const timezone = await ctx.probeConfig.setTimezone(actorOf(req), req.body.bs_id, req.body.timezone);
      return { status_code: 0, timezone };
    });
  };
}

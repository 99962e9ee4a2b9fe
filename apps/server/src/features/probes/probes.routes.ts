import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  minmaxQuerySchema,
  probeAnalysisQuerySchema,
  sensorConfRequestSchema,
  sensorDataQuerySchema,
  setBsTimezoneRequestSchema,
  snapshotQuerySchema,
  tableDataQuerySchema,
  toggleSensorsRequestSchema,
  transferSensorsRequestSchema,
  updateBsDisplayNameRequestSchema,
} from '@emberwatch/shared';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
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
 */
export function probeRoutes(ctx: ProbeRouteDeps) {
  return (base: FastifyInstance): void => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', ctx.authenticate);

    app.get('/client/sensorData', { schema: { querystring: sensorDataQuerySchema } }, (req) =>
      ctx.probeData.sensorData(actorOf(req), req.query),
    );

    app.get('/client/snapshot', { schema: { querystring: snapshotQuerySchema } }, (req) =>
      ctx.probeData.snapshot(actorOf(req), req.query),
    );

    app.get('/client/minmaxData', { schema: { querystring: minmaxQuerySchema } }, (req) =>
      ctx.probeData.minmax(actorOf(req), req.query),
    );

    app.get('/client/data2', { schema: { querystring: tableDataQuerySchema } }, (req) =>
      ctx.probeData.table(actorOf(req), req.query),
    );

    app.get('/admin/getSensorStats', { schema: { querystring: probeAnalysisQuerySchema } }, (req) =>
      ctx.probeData.analysis(actorOf(req), req.query),
    );

    app.post('/client/sensorConf', { schema: { body: sensorConfRequestSchema } }, async (req) => {
      await ctx.probeConfig.saveSensorConf(actorOf(req), req.body.bs_id, req.body.sensorConfigurations);
      return { status_code: 0 };
    });

    app.post('/client/toggleSensors', { schema: { body: toggleSensorsRequestSchema } }, async (req) => {
      const { bs_id, selected_sensor_ids, is_disabled } = req.body;
      await ctx.probeConfig.toggle(actorOf(req), bs_id, selected_sensor_ids, is_disabled);
      return { status_code: 0 };
    });

    app.post('/client/transferSensors', { schema: { body: transferSensorsRequestSchema } }, async (req) => {
      const { currentBS, selectedBS, selectedSensors } = req.body;
      const transferred = await ctx.probeConfig.transfer(
        actorOf(req),
        currentBS,
        selectedBS,
        selectedSensors,
      );
      return { status_code: 0, transferred };
    });

    app.post(
      '/client/updateBsDisplayName',
      { schema: { body: updateBsDisplayNameRequestSchema } },
      async (req) => {
        await ctx.probeConfig.setDisplayName(actorOf(req), req.body.bs_id, req.body.display_name);
        return { status_code: 0 };
      },
    );

    app.post('/client/setBsTimezone', { schema: { body: setBsTimezoneRequestSchema } }, async (req) => {
      const timezone = await ctx.probeConfig.setTimezone(actorOf(req), req.body.bs_id, req.body.timezone);
      return { status_code: 0, timezone };
    });
  };
}

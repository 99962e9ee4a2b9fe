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
import type { AppContext } from '../../AppContext.js';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, authenticate } from '../../http/authenticate.js';

/**
 * Probe history (chart, snapshots, extremes, table, analysis) and probe and station settings.
 * Every call resolves the probe's owning station and asks ctx.access whether the caller may see it.
 */
export function probeRoutes(ctx: AppContext) {
  return (base: FastifyInstance): void => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', authenticate(ctx));

    app.get('/client/sensorData', { schema: { querystring: sensorDataQuerySchema } }, async (req) => {
      const probe = await ctx.access.probeFor(actorOf(req), req.query.sensorID);
      return ctx.probeData.sensorData(probe, req.query);
    });

    app.get('/client/snapshot', { schema: { querystring: snapshotQuerySchema } }, async (req) => {
      const actor = actorOf(req);
      await ctx.access.assertCanSeeStation(actor, req.query.basestationID);
      const probes = await ctx.access.probesFor(actor, req.query.sensorIDs);
      return ctx.probeData.snapshot(probes, req.query.fromDate, req.query.toDate);
    });

    app.get('/client/minmaxData', { schema: { querystring: minmaxQuerySchema } }, async (req) => {
      const actor = actorOf(req);
      await ctx.access.assertCanSeeStation(actor, req.query.basestationID);
      const probes = await ctx.stations.listProbes(req.query.basestationID);
      return ctx.probeData.minmax(probes, req.query.fromTS, req.query.toTS);
    });

    app.get('/client/data2', { schema: { querystring: tableDataQuerySchema } }, async (req) => {
      const actor = actorOf(req);
      await ctx.access.assertCanSeeStation(actor, req.query.basestationID);
      const probe = await ctx.access.probeFor(actor, req.query.sensorId);
      return ctx.probeData.table(probe, req.query.fromDate, req.query.toDate);
    });

    app.get('/admin/getSensorStats', { schema: { querystring: probeAnalysisQuerySchema } }, async (req) => {
      const actor = actorOf(req);
      if (!actor.isAdmin) throw ApiError.forbidden('Only admins may see the probe analysis.');
      const probe = await ctx.access.probeFor(actor, req.query.probeID);
      return ctx.probeData.analysis(probe, req.query.days);
    });

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

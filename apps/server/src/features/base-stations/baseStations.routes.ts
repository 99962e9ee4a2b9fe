import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { basestationQuerySchema, uidQuerySchema } from '@emberwatch/shared';
import type { AppContext } from '../../AppContext.js';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, authenticate } from '../../http/authenticate.js';
import { presentBsConf, presentSummary } from './baseStation.presenter.js';

/** Admins without a customer selected see every station, up to this many. */
const ADMIN_LIST_LIMIT = 1000;

export function baseStationRoutes(ctx: AppContext) {
  return (base: FastifyInstance): void => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', authenticate(ctx));

    app.get('/client/basestationArray', { schema: { querystring: uidQuerySchema } }, async (req) => {
      const actor = actorOf(req);
      const { UID } = req.query;
      const rows =
        actor.isAdmin && UID === undefined
          ? await ctx.stations.listAll(ADMIN_LIST_LIMIT)
          : await ctx.access.visibleStations(actor, await ctx.access.targetAccount(actor, UID));
      const groups = [...new Set(rows.map((r) => r.bs_group).filter((g): g is string => g !== null))];
      const [sizes, counts] = await Promise.all([
        ctx.stations.groupSizes(groups),
        ctx.stations.probeCounts(rows.map((r) => r.id)),
      ]);
      return {
        status_code: 0,
        results: rows.map((r) =>
          presentSummary(r, r.bs_group ? (sizes.get(r.bs_group) ?? 1) : 1, counts.get(r.id) ?? 0),
        ),
      };
    });

    app.get('/client/bsConf', { schema: { querystring: basestationQuerySchema } }, async (req) => {
      const actor = actorOf(req);
      const { basestationID } = req.query;
      await ctx.access.assertCanSeeStation(actor, basestationID);
      const bs = await ctx.stations.findById(basestationID);
      if (!bs) throw ApiError.forbidden();
      return presentBsConf(bs, await ctx.stations.listProbes(basestationID));
    });

    app.get('/client/data', { schema: { querystring: basestationQuerySchema } }, async (req, reply) => {
      const actor = actorOf(req);
      const { basestationID } = req.query;
      await ctx.access.assertCanSeeStation(actor, basestationID);
      // DataResponse, assembled around the cached results text (the probe list's hottest call).
      const results = await ctx.latest.resultsJson(basestationID);
      return reply
        .type('application/json; charset=utf-8')
        .send(
          `{"status_code":0,"bs_id":${JSON.stringify(basestationID)},"results":${results},"server_ts":${ctx.nowS()}}`,
        );
    });
  };
}

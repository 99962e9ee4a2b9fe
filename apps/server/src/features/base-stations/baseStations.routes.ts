import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { basestationQuerySchema, uidQuerySchema } from '@emberwatch/shared';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import type { BaseStationService } from './baseStation.service.js';

export interface BaseStationRouteDeps {
  authenticate: Authenticate;
  stations: BaseStationService;
  nowS: () => number;
}

export function baseStationRoutes(ctx: BaseStationRouteDeps) {
  return (base: FastifyInstance): void => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', ctx.authenticate);

    app.get('/client/basestationArray', { schema: { querystring: uidQuerySchema } }, async (req) => ({
      status_code: 0,
      results: await ctx.stations.list(actorOf(req), req.query.UID),
    }));

    app.get('/client/bsConf', { schema: { querystring: basestationQuerySchema } }, (req) =>
      ctx.stations.conf(actorOf(req), req.query.basestationID),
    );

    app.get('/client/data', { schema: { querystring: basestationQuerySchema } }, async (req, reply) => {
      const { basestationID } = req.query;
      // DataResponse, assembled around the cached results text (the probe list's hottest call).
      const results = await ctx.stations.latestJson(actorOf(req), basestationID);
      return reply
        .type('application/json; charset=utf-8')
        .send(
          `{"status_code":0,"bs_id":${JSON.stringify(basestationID)},"results":${results},"server_ts":${ctx.nowS()}}`,
        );
    });
  };
}

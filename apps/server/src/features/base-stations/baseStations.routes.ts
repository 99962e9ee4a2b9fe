import type { FastifyInstance } from 'fastify';
import { baseStationEndpoints } from '@emberwatch/shared/contracts/baseStations';
import type { DataResponse } from '@emberwatch/shared/contracts/readings';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { preparedJson, route } from '../../http/route.js';
import type { BaseStationService } from './baseStation.service.js';

export interface BaseStationRouteDeps {
  authenticate: Authenticate;
  stations: BaseStationService;
  nowS: () => number;
}

export function baseStationRoutes(ctx: BaseStationRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);

    route(app, baseStationEndpoints.basestationArray).handle(async (req) => ({
      status_code: 0,
      results: await ctx.stations.list(actorOf(req), req.query.UID),
    }));

    route(app, baseStationEndpoints.bsConf).handle((req) =>
      ctx.stations.conf(actorOf(req), req.query.basestationID),
    );

    // The probe list's hottest call: the envelope is spliced around the station's cached results text
    // (readings feature), so the answer is neither rebuilt nor re-validated per request; the schema
    // documents it.
    route(app, baseStationEndpoints.data).handle(async (req) => {
      const { basestationID } = req.query;
      const results = await ctx.stations.latestJson(actorOf(req), basestationID);
      return preparedJson<DataResponse>(
        `{"status_code":0,"bs_id":${JSON.stringify(basestationID)},"results":${results},"server_ts":${ctx.nowS()}}`,
      );
    });
  };
}

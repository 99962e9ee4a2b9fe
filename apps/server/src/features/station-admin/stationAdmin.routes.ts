import type { FastifyInstance } from 'fastify';
import { saveBsConfQuerySchema, stationAdminEndpoints as e } from '@emberwatch/shared/contracts/stationAdmin';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { StationAdminService } from './stationAdmin.service.js';

/** The station named by POST /client/bsConf: the spec's query parameter, else the body's. */
function bsConfStation(query: unknown, bodyId: string | undefined): string {
  const q = saveBsConfQuerySchema.safeParse(query);
  if (q.success) return q.data.basestationID;
  if (bodyId !== undefined) return bodyId;
  throw ApiError.invalid('basestationID is required', 'basestationID');
}

export function stationAdminRoutes(ctx: { authenticate: Authenticate; admin: StationAdminService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const { admin } = ctx;

    route(app, e.replaceBasestation).handle(async (req) => ({
      status_code: 0,
      ...(await admin.replace(actorOf(req), req.body)),
    }));
    route(app, e.getReplacementHistory).handle(async (req) => ({
      status_code: 0,
      results: await admin.history(actorOf(req), req.query.BS_ID),
    }));
    route(app, e.deactivateBS).handle(async (req) => {
      await admin.deactivate(actorOf(req), req.body.bs_id);
      return { status_code: 0 };
    });
    route(app, e.groupBSs).handle(async (req) => ({
      status_code: 0,
      bsGroup: await admin.group(actorOf(req), req.body.bs_ids),
    }));
    route(app, e.getProbeStopSettings).handle(async (req) => ({
      status_code: 0,
      ...(await admin.probeStop(actorOf(req))),
    }));
    route(app, e.saveProbeStopSettings).handle(async (req) => ({
      status_code: 0,
      ...(await admin.saveProbeStop(actorOf(req), req.body)),
    }));
    route(app, e.saveBsConf).handle(async (req) => {
      const { basestationID, ...settings } = req.body;
      const bsId = bsConfStation(req.query, basestationID);
      return {
        status_code: 0,
        bs_id: bsId,
        settings: await admin.saveSettings(actorOf(req), bsId, settings),
      };
    });
    route(app, e.soc).handle(async (req) => ({
      status_code: 0,
      results: await admin.soc(actorOf(req), req.query.basestationID),
    }));
    route(app, e.auxMinmax).handle(async (req) => ({
      status_code: 0,
      ...(await admin.auxMinmax(actorOf(req), req.query)),
    }));
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firmwareEndpoints } from '@emberwatch/shared/contracts/firmware';
import { MAX_FIRMWARE_IMAGE_BYTES } from '@emberwatch/shared/domain/firmware';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { FirmwareService } from './firmware.service.js';

/** Verifies a station's Authorization header (the ingest feature's credentials); its id or null. */
export type StationAuth = (authorization: string | undefined) => Promise<string | null>;

/** The operator's calls (logged-in staff). */
export function firmwareRoutes(ctx: { authenticate: Authenticate; firmware: FirmwareService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const { firmware } = ctx;
    route(app, firmwareEndpoints.getOTAForBS).handle((req) =>
      firmware.forStation(actorOf(req), req.query.bs),
    );
    route(app, firmwareEndpoints.getOTAStatus).handle((req) => firmware.status(actorOf(req), req.query.bs));
    route(app, firmwareEndpoints.saveOTAForBS).handle(async (req) => ({
      status_code: 0,
      pending: await firmware.assign(actorOf(req), req.body),
    }));
    route(app, firmwareEndpoints.cancelPendingOTA).handle(async (req) => {
      await firmware.cancel(actorOf(req), req.body.bs);
      return { status_code: 0 };
    });
    route(app, firmwareEndpoints.firmwareImages).handle(async (req) => ({
      status_code: 0,
      results: await firmware.images(actorOf(req)),
    }));
    // The image comes base64 in JSON: a third more than its bytes, and room for the notes.
    route(app, firmwareEndpoints.addFirmwareImage, {
      bodyLimit: Math.ceil((MAX_FIRMWARE_IMAGE_BYTES * 4) / 3) + 64 * 1024,
    }).handle(async (req) => ({ status_code: 0, image: await firmware.addImage(actorOf(req), req.body) }));
    route(app, firmwareEndpoints.otaStations).handle(async (req) => ({
      status_code: 0,
      results: await firmware.stations(actorOf(req)),
    }));
  };
}

/** The station's calls (docs/base-station-protocol.md "Firmware updates"), with the station's credential. */
export function firmwareStationRoutes(ctx: { stationAuth: StationAuth; firmware: FirmwareService }) {
  const stationOf = new WeakMap<FastifyRequest, string>();
  const options = {
    logLevel: 'warn' as const,
    helmet: false as const,
    // The station is checked before its input: an unknown station learns nothing about the format.
    preValidation: async (req: FastifyRequest) => {
      const bsId = await ctx.stationAuth(req.headers.authorization);
      if (bsId === null) throw ApiError.unauthenticated('Unknown base station or wrong station secret.');
      stationOf.set(req, bsId);
    },
  };
  const station = (req: FastifyRequest): string => {
    const bsId = stationOf.get(req);
    if (bsId === undefined) throw ApiError.unauthenticated('Unknown base station or wrong station secret.');
    return bsId;
  };
  return (app: FastifyInstance): void => {
    route(app, firmwareEndpoints.firmwareChunk, options).handle((req) =>
      ctx.firmware.chunk(station(req), req.query),
    );
    route(app, firmwareEndpoints.reportOta, options).handle(async (req) => {
      await ctx.firmware.reportFailure(station(req), req.body);
      return { status_code: 0 };
    });
  };
}

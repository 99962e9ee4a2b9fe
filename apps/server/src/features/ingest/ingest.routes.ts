import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ingestEndpoints } from '@emberwatch/shared/contracts/ingest';
import { ApiError } from '../../http/ApiError.js';
import { invalidFromZod } from '../../http/invalidFromZod.js';
import { route, unchecked } from '../../http/route.js';
import type { IngestService } from './ingest.service.js';
import { checkPacket } from './packetCheck.js';
import type { OtaOffers } from './otaOffers.js';
import type { StationCallSink } from './stationCallSink.js';
import { parseStationAuthorization, type StationCredentials } from './stationCredentials.js';

const BODY_LIMIT = 1024 * 1024;

/** POST /ingest/v1/packets — the base-station protocol (docs/base-station-protocol.md). */
export function ingestRoutes(
  ctx: { ingest: Pick<IngestService, 'submit'>; calls?: StationCallSink; otaOffers?: OtaOffers },
  credentials: StationCredentials,
) {
  /** The station each request authenticated as, from the check before validation to the handler. */
  const stationOf = new WeakMap<FastifyRequest, string>();

  /** The update pending for the station; a failure to ask costs the station its offer, not its packet. */
  const offerFor = async (bsId: string, req: FastifyRequest) => {
    if (!ctx.otaOffers) return undefined;
    try {
      return await ctx.otaOffers.offerFor(bsId);
    } catch (err) {
      req.log.error({ err, bsId }, 'reading the pending firmware update failed');
      return undefined;
    }
  };

  return (app: FastifyInstance): void => {
    // Packets are parsed by JSON.parse alone (in this route's own plugin scope): fastify's default
    // parser then scans the whole text twice more for "__proto__" and "constructor", a fifth of the
    // parse. A packet cannot poison a prototype: JSON.parse makes "__proto__" an own key, the packet
    // check refuses every key the protocol does not name, and nothing merges the body into an object.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
      try {
        done(null, JSON.parse(text as string));
      } catch {
        done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    });
    const calls = ctx.calls;
    if (calls) {
      // Every call is told to the call log once its answer has left (refusals too: a station that
      // keeps failing is what the log is for). The id is the one the caller named, verified or not.
      const callerOf = (req: FastifyRequest): string | undefined =>
        stationOf.get(req) ?? parseStationAuthorization(req.headers.authorization)?.bsId;
      const answers = new WeakMap<FastifyRequest, string>();
      app.addHook('onSend', (req, _reply, payload, done) => {
        // Only a station with detailed logging keeps its answer (the call log's summary).
        if (typeof payload === 'string') {
          const bsId = callerOf(req);
          if (bsId !== undefined && calls.wantsAnswer(bsId)) answers.set(req, payload);
        }
        done(null, payload);
      });
      app.addHook('onResponse', (req, reply, done) => {
        const bsId = callerOf(req);
        if (bsId !== undefined)
          calls.record({
            bsId,
            body: req.body,
            status: reply.statusCode,
            bytesUp: Number(req.headers['content-length'] ?? 0),
            durationMs: reply.elapsedTime,
            answer: answers.get(req),
          });
        done();
      });
    }
    route(app, ingestEndpoints.packets, {
      bodyLimit: BODY_LIMIT,
      // Stations send all day: their requests are logged only when something goes wrong.
      logLevel: 'warn',
      // A base station is not a browser: the security headers (a content policy computed per answer)
      // protect pages and scripts, and cost the busiest route a few per cent of its CPU.
      helmet: false,
      // The station is checked before its packet: an unknown station learns nothing about the format.
      preValidation: async (req) => {
        const auth = parseStationAuthorization(req.headers.authorization);
        if (!auth || !(await credentials.verify(auth.bsId, auth.secret))) {
          throw ApiError.unauthenticated('Unknown base station or wrong station secret.');
        }
        stationOf.set(req, auth.bsId);
      },
      invalid: (error) => invalidFromZod(error, '', 'malformed packet'),
      // Checked in place; the contract's schema words a refusal (packetCheck.ts).
      checkBody: checkPacket,
    }).handle(async (req) => {
      const bsId = stationOf.get(req);
      if (bsId === undefined) throw ApiError.unauthenticated('Unknown base station or wrong station secret.');
      const bytesUp = Number(req.headers['content-length'] ?? 0);
      try {
        // The hottest write path answers every packet: the answer is typed against the contract at
        // compile time and not re-validated by zod at run time.
        const answer = await ctx.ingest.submit(bsId, req.body, bytesUp);
        const ota = await offerFor(bsId, req);
        return unchecked(ota ? { ...answer, ota } : answer);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // The station keeps its buffer and retries: nothing of this packet was stored.
        req.log.error({ err, bsId }, 'ingest commit failed');
        throw ApiError.unavailable('The store is unavailable; keep the packet and retry.');
      }
    });
  };
}

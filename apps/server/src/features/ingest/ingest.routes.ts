import type { FastifyInstance } from 'fastify';
import { ingestPacketSchema } from '@emberwatch/shared';
import { ApiError } from '../../http/ApiError.js';
import { invalidFromZod } from '../../http/invalidFromZod.js';
import type { IngestService } from './ingest.service.js';
import { parseStationAuthorization, type StationCredentials } from './stationCredentials.js';

const BODY_LIMIT = 1024 * 1024;

/** POST /ingest/v1/packets — the base-station protocol (docs/base-station-protocol.md). */
export function ingestRoutes(
  ctx: { ingest: Pick<IngestService, 'submit'> },
  credentials: StationCredentials,
) {
  return (app: FastifyInstance): void => {
    // Stations send all day: their requests are logged only when something goes wrong.
    app.post('/ingest/v1/packets', { bodyLimit: BODY_LIMIT, logLevel: 'warn' }, async (req, reply) => {
      const auth = parseStationAuthorization(req.headers.authorization);
      if (!auth || !(await credentials.verify(auth.bsId, auth.secret))) {
        throw ApiError.unauthenticated('Unknown base station or wrong station secret.');
      }
      const parsed = ingestPacketSchema.safeParse(req.body);
      if (!parsed.success) throw invalidFromZod(parsed.error, '', 'malformed packet');
      const bytesUp = Number(req.headers['content-length'] ?? 0);
      try {
        const answer = await ctx.ingest.submit(auth.bsId, parsed.data, bytesUp);
        return reply.send(answer);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // The station keeps its buffer and retries: nothing of this packet was stored.
        req.log.error({ err, bsId: auth.bsId }, 'ingest commit failed');
        throw ApiError.unavailable('The store is unavailable; keep the packet and retry.');
      }
    });
  };
}

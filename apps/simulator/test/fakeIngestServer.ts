import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ingestPacketSchema,
  MAX_FUTURE_SKEW_S,
  type IngestPacket,
} from '@emberwatch/shared/contracts/ingest';

/**
 * A stand-in for the server's ingest endpoint, keeping the protocol's rules: strict validation,
 * 401 for a wrong credential, idempotent storage by (probe, meas_ts). `override` may answer a
 * request first (to play a busy or broken server).
 */
export interface ReceivedRequest {
  n: number;
  authorization: string | undefined;
  bsId: string | undefined;
  packet: IngestPacket | undefined;
  status: number;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeIngestServer {
  url: string;
  requests: ReceivedRequest[];
  /** "sensor_id@meas_ts" → temperatures. */
  stored: Map<string, number[]>;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  secrets?: Record<string, string>;
  override?: (n: number, packet: IngestPacket | undefined) => FakeAnswer | undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeIngestServer(opts: FakeServerOptions = {}): Promise<FakeIngestServer> {
  const requests: ReceivedRequest[] = [];
  const stored = new Map<string, number[]>();
  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const authorization = req.headers.authorization;
      const m = /^Station ([^:]+):(.+)$/.exec(authorization ?? '');
      const record: ReceivedRequest = {
        n: requests.length,
        authorization,
        bsId: m?.[1],
        packet: undefined,
        status: 0,
      };
      requests.push(record);
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
        record.status = status;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        answer(400, { status_code: 400, error: 'bad JSON' });
        return;
      }
      const parsed = ingestPacketSchema.safeParse(json);
      if (parsed.success) record.packet = parsed.data;
      const o = opts.override?.(record.n, record.packet);
      if (o) {
        answer(o.status, o.body ?? { status_code: o.status, error: 'scripted' }, o.headers);
        return;
      }
      if (req.method !== 'POST' || req.url !== '/ingest/v1/packets') {
        answer(404, { status_code: 404, error: 'not found' });
        return;
      }
      if (!m || (opts.secrets && opts.secrets[m[1]!] !== m[2])) {
        answer(401, { status_code: 401, error: 'wrong credential' });
        return;
      }
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        answer(400, {
          status_code: 400,
          error: issue?.message ?? 'invalid',
          path: issue?.path.join('.') ?? '',
        });
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const future = parsed.data.readings.findIndex((r) => r.meas_ts > now + MAX_FUTURE_SKEW_S);
      if (future >= 0) {
        answer(400, {
          status_code: 400,
          error: 'meas_ts is in the future',
          path: `readings.${future}.meas_ts`,
        });
        return;
      }
      let added = 0;
      let duplicates = 0;
      for (const r of parsed.data.readings) {
        const key = `${r.sensor_id}@${r.meas_ts}`;
        if (stored.has(key)) duplicates++;
        else {
          stored.set(key, r.temperatures);
          added++;
        }
      }
      answer(200, { status_code: 0, stored: added, duplicates, server_ts: now });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stored,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

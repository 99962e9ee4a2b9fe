import type { IngestPacket, OtaOffer } from '@emberwatch/shared/contracts/ingest';
import { silentLogger, type Logger } from './createLogger.js';
import { sleep } from './sleep.js';

export const INGEST_PATH = '/ingest/v1/packets';

export interface StationCredential {
  bs_id: string;
  secret: string;
}

/**
 * What happened to a packet (docs/base-station-protocol.md, "Answers"):
 * ok — acknowledged, may be forgotten; dropped — refused (400), it can never succeed;
 * unauthorized — the credential is wrong (401), the station stops sending;
 * aborted — shutdown or give-up before an acknowledgement: the packet may not be stored.
 */
export type SendOutcome =
  | { kind: 'ok'; stored: number; duplicates: number; ota?: OtaOffer }
  | { kind: 'dropped'; status: number; reason: string }
  | { kind: 'unauthorized' }
  | { kind: 'aborted' };

export interface IngestClientOptions {
  /** Server base URL, e.g. http://127.0.0.1:8080. */
  url: string;
  fetch?: typeof fetch;
  log?: Logger;
  /** First retry delay; doubles per attempt up to retryMaxMs, with jitter (default 250 ms / 10 s). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** One request's time limit (default 30 s); a timeout is retried like a network error. */
  requestTimeoutMs?: number;
  /** Stop retrying after this long without an answer (default: never, as a station would). */
  giveUpAfterMs?: number;
  /** Aborting stops waits and retries at once (shutdown). */
  signal?: AbortSignal;
}

export interface IngestStats {
  packets: number;
  readings: number;
  stored: number;
  duplicates: number;
  droppedPackets: number;
  droppedReadings: number;
  retries: number;
}

interface ErrorBody {
  error?: unknown;
  path?: unknown;
}

function describe(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as ErrorBody;
    if (typeof body.error === 'string')
      return typeof body.path === 'string' && body.path ? `${body.error} (at ${body.path})` : body.error;
  } catch {
    // not JSON: fall through
  }
  return text.trim().slice(0, 200) || `HTTP ${status}`;
}

function retryAfterMs(res: Response): number | undefined {
  const v = res.headers.get('retry-after');
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return s * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** A firmware update the answer offers (docs/base-station-protocol.md "Firmware updates"), if well-formed. */
function otaOfferOf(v: unknown): OtaOffer | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  return typeof o.rev === 'string' &&
    typeof o.size === 'number' &&
    typeof o.sha256 === 'string' &&
    typeof o.chunk === 'number' &&
    o.chunk > 0 &&
    typeof o.path === 'string'
    ? { rev: o.rev, size: o.size, sha256: o.sha256, chunk: o.chunk, path: o.path }
    : undefined;
}

/** Speaks the station side of the ingest protocol: one packet at a time, kept until acknowledged. */
export class IngestClient {
  readonly stats: IngestStats = {
    packets: 0,
    readings: 0,
    stored: 0,
    duplicates: 0,
    droppedPackets: 0,
    droppedReadings: 0,
    retries: 0,
  };
  private readonly endpoint: string;
  private readonly fetchFn: typeof fetch;
  private readonly log: Logger;
  private readonly stopped = new Set<string>();

  constructor(private readonly opts: IngestClientOptions) {
    this.endpoint = opts.url.replace(/\/+$/, '') + INGEST_PATH;
    this.fetchFn = opts.fetch ?? globalThis.fetch;
    this.log = opts.log ?? silentLogger;
  }

  /** True once the server refused this station's credential. */
  isStopped(bsId: string): boolean {
    return this.stopped.has(bsId);
  }

  get stoppedStations(): string[] {
    return [...this.stopped];
  }

  /**
   * One request of the firmware update (a chunk's GET, the failure report's POST), with the station's
   * credential; no retries: a station that cannot fetch now tries again with the next offer.
   */
  async stationRequest(
    station: StationCredential,
    path: string,
    init: { method: 'GET' } | { method: 'POST'; body: unknown },
  ): Promise<{ status: number; body: unknown }> {
    const timeout = AbortSignal.timeout(this.opts.requestTimeoutMs ?? 30_000);
    const signal = this.opts.signal ? AbortSignal.any([this.opts.signal, timeout]) : timeout;
    const res = await this.fetchFn(this.opts.url.replace(/\/+$/, '') + path, {
      method: init.method,
      headers: {
        authorization: `Station ${station.bs_id}:${station.secret}`,
        ...(init.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.method === 'POST' ? { body: JSON.stringify(init.body) } : {}),
      signal,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    return { status: res.status, body };
  }

  async send(station: StationCredential, packet: IngestPacket): Promise<SendOutcome> {
    const signal = this.opts.signal;
    const base = this.opts.retryBaseMs ?? 250;
    const max = this.opts.retryMaxMs ?? 10_000;
    const started = Date.now();
    const body = JSON.stringify(packet);
    const count = packet.readings.length;
    for (let attempt = 0; ; attempt++) {
      if (this.stopped.has(station.bs_id)) return { kind: 'unauthorized' };
      if (signal?.aborted) return { kind: 'aborted' };
      let problem: string;
      let waitHint: number | undefined;
      try {
        const timeout = AbortSignal.timeout(this.opts.requestTimeoutMs ?? 30_000);
        const res = await this.fetchFn(this.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Station ${station.bs_id}:${station.secret}`,
          },
          body,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        const text = await res.text();
        if (res.ok) {
          let stored = 0;
          let duplicates = 0;
          let ota: OtaOffer | undefined;
          try {
            const ack = JSON.parse(text) as { stored?: unknown; duplicates?: unknown; ota?: unknown };
            stored = typeof ack.stored === 'number' ? ack.stored : 0;
            duplicates = typeof ack.duplicates === 'number' ? ack.duplicates : 0;
            ota = otaOfferOf(ack.ota);
          } catch {
            // An acknowledgement is an acknowledgement, even without counts.
          }
          this.stats.packets++;
          this.stats.readings += count;
          this.stats.stored += stored;
          this.stats.duplicates += duplicates;
          return { kind: 'ok', stored, duplicates, ...(ota ? { ota } : {}) };
        }
        if (res.status === 401) {
          if (!this.stopped.has(station.bs_id)) {
            this.stopped.add(station.bs_id);
            this.log.error(
              `${station.bs_id}: credential refused (401: ${describe(401, text)}); this station stops sending`,
            );
          }
          return { kind: 'unauthorized' };
        }
        if (res.status === 413 && count > 1) {
          // Body too large: split in two and send each half (protocol: "split the packet").
          const half = Math.ceil(count / 2);
          const a = await this.send(station, { ...packet, readings: packet.readings.slice(0, half) });
          if (a.kind !== 'ok') return a;
          const b = await this.send(station, { ...packet, readings: packet.readings.slice(half) });
          if (b.kind !== 'ok') return b;
          return { kind: 'ok', stored: a.stored + b.stored, duplicates: a.duplicates + b.duplicates };
        }
        const retryable = res.status >= 500 || res.status === 408 || res.status === 429;
        if (!retryable) {
          const reason = describe(res.status, text);
          this.stats.droppedPackets++;
          this.stats.droppedReadings += count;
          this.log.error(
            `${station.bs_id}: packet of ${count} readings refused (${res.status}: ${reason}); dropped`,
          );
          return { kind: 'dropped', status: res.status, reason };
        }
        problem = `${res.status}: ${describe(res.status, text)}`;
        waitHint = retryAfterMs(res);
      } catch (err) {
        if (signal?.aborted) return { kind: 'aborted' };
        const e = err as Error & { cause?: { code?: string; message?: string } };
        problem = e.cause?.code ?? e.cause?.message ?? e.message;
      }
      if (this.opts.giveUpAfterMs !== undefined && Date.now() - started >= this.opts.giveUpAfterMs) {
        this.log.error(
          `${station.bs_id}: no acknowledgement after ${Math.round((Date.now() - started) / 1000)} s (${problem}); giving up`,
        );
        return { kind: 'aborted' };
      }
      const backoff = Math.min(max, base * 2 ** Math.min(attempt, 20)) * (0.5 + Math.random() * 0.5);
      const delay = Math.min(max * 3, Math.max(backoff, waitHint ?? 0));
      this.stats.retries++;
      if (attempt === 0 || attempt % 10 === 0) {
        this.log.warn(
          `${station.bs_id}: server not available (${problem}); keeping the packet, retry in ${(delay / 1000).toFixed(1)} s`,
        );
      }
      if (!(await sleep(delay, signal))) return { kind: 'aborted' };
    }
  }
}

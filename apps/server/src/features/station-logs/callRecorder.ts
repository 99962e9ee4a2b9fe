import type { FastifyBaseLogger } from 'fastify';
import { callKindOf } from '@emberwatch/shared/domain/stationTraffic';
import type { StationCallFacts, StationCallSink } from '../ingest/index.js';
import { summarizeCall } from './callSummary.js';
import type { NewStationCall, StationLogsRepository } from './stationLogs.repository.js';

export interface CallRecorderOptions {
  /** How often the calls recorded in memory are written (one insert for all of them). */
  flushMs?: number;
  /** Calls held in memory at most: beyond, while the store cannot take them, new ones are counted and dropped. */
  maxPending?: number;
  /** How often the list of detailed-logged stations is read again (another instance may change it). */
  refreshMs?: number;
}

/**
 * Records every call of the station protocol (decision 0090). The ingest path must not wait for it:
 * a call is appended to memory when its answer has left, and the calls of the last second go to the
 * store in one insert. The price: a crash loses at most the last second's calls (the readings
 * themselves are committed before their answer, as ever). Readers flush first, so what they show
 * includes the call just made on this instance.
 */
export class CallRecorder implements StationCallSink {
  private pending: NewStationCall[] = [];
  private dropped = 0;
  private detailed = new Set<string>();
  private detailedReadAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  /** Flushes run one after another. */
  private queue: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly maxPending: number;
  private readonly refreshMs: number;

  constructor(
    private readonly repo: StationLogsRepository,
    private readonly nowS: () => number,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    opts: CallRecorderOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 1000;
    this.maxPending = opts.maxPending ?? 20_000;
    this.refreshMs = opts.refreshMs ?? 5000;
  }

  wantsAnswer(bsId: string): boolean {
    return this.detailed.has(bsId);
  }

  record(call: StationCallFacts): void {
    if (this.pending.length >= this.maxPending) {
      this.dropped++;
      return;
    }
    const body = call.body;
    const packet =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as { readings?: unknown; mobile?: { operator: string; net: string; rssi: number } })
        : undefined;
    // Only an accepted packet's network is the station's word (a refused one may hold anything).
    const mobile = call.status === 200 ? packet?.mobile : undefined;
    this.pending.push({
      bs_id: call.bsId,
      ts: this.nowS(),
      kind: callKindOf(body),
      status: call.status,
      bytes_up: call.bytesUp,
      duration_us: Math.max(0, Math.round(call.durationMs * 1000)),
      readings: Array.isArray(packet?.readings) ? packet.readings.length : null,
      operator: mobile?.operator ?? null,
      net: mobile?.net ?? null,
      mobile_rssi: mobile?.rssi ?? null,
      detail: this.detailed.has(call.bsId) ? summarizeCall(body, call.answer) : null,
    });
  }

  /** A station's detailed logging changed here: effective at once on this instance. */
  setDetailed(bsId: string, on: boolean): void {
    if (on) this.detailed.add(bsId);
    else this.detailed.delete(bsId);
  }

  /** Writes every call recorded so far (the timer, a reader, the stop). */
  flush(): Promise<void> {
    const done = this.queue.then(() => this.write());
    this.queue = done.catch(() => undefined);
    return done;
  }

  async start(): Promise<void> {
    await this.readDetailed();
    this.timer = setInterval(() => {
      this.flush().catch((err: unknown) => this.log.error({ err }, 'station call log: write failed'));
    }, this.flushMs);
    this.timer.unref();
  }

  /** Writes what is left; a store that is gone already loses it (logged), it does not fail the stop. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((err: unknown) =>
      this.log.error({ err, lost: this.pending.length }, 'station call log: last calls not written'),
    );
  }

  private async readDetailed(): Promise<void> {
    this.detailed = new Set(await this.repo.loggedIds());
    this.detailedReadAt = Date.now();
  }

  private async write(): Promise<void> {
    if (Date.now() - this.detailedReadAt >= this.refreshMs) await this.readDetailed();
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'station call log: calls dropped while the store lagged');
      this.dropped = 0;
    }
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      await this.repo.insertCalls(batch);
    } catch (err) {
      // Kept for the next turn, as many as memory holds: the newest.
      this.pending = batch.concat(this.pending).slice(-this.maxPending);
      throw err;
    }
  }
}

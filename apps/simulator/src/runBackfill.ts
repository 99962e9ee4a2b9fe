import { countTicks, generatePackets, type PacketJob } from './buildPackets.js';
import { silentLogger, type Logger } from './createLogger.js';
import type { FaultRates } from './FaultInjector.js';
import type { IngestClient } from './IngestClient.js';
import type { StationSimulator } from './StationSimulator.js';

export interface BackfillOptions {
  stations: StationSimulator[];
  client: IngestClient;
  /** Inclusive range; measurement times are the interval's multiples inside it. */
  fromTs: number;
  toTs: number;
  intervalS: number;
  packetSize: number;
  /** Packets in flight at once. */
  concurrency: number;
  seed: number;
  faults?: FaultRates;
  log?: Logger;
  /** Progress line every this many ms (default 2000; 0 = never). */
  progressEveryMs?: number;
  /** Stop taking new packets (packets in flight finish or are aborted by the client's own signal). */
  signal?: AbortSignal;
}

export interface BackfillResult {
  /** Readings planned (stations' probes × measurement times). */
  total: number;
  /** Readings acknowledged by the server. */
  sent: number;
  packets: number;
  stored: number;
  duplicates: number;
  dropped: number;
  seconds: number;
  readingsPerSecond: number;
  completed: boolean;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * Sends the history fast: one shared stream of packets (stations interleaved, each in time order),
 * `concurrency` workers pulling from it. Resuming is simply running again — every reading has the
 * same probe and time as before, and the server counts it as a duplicate.
 */
export async function runBackfill(opts: BackfillOptions): Promise<BackfillResult> {
  const log = opts.log ?? silentLogger;
  const ticks = countTicks(opts.fromTs, opts.toTs, opts.intervalS);
  const total = opts.stations.reduce((n, s) => n + s.probeCount * ticks, 0);
  const stream = generatePackets(opts.stations, opts.fromTs, opts.toTs, opts.intervalS, {
    seed: opts.seed,
    packetSize: opts.packetSize,
    ...(opts.faults ? { faults: opts.faults } : {}),
  });
  const result: BackfillResult = {
    total,
    sent: 0,
    packets: 0,
    stored: 0,
    duplicates: 0,
    dropped: 0,
    seconds: 0,
    readingsPerSecond: 0,
    completed: false,
  };
  const started = performance.now();
  let interrupted = false;

  const next = (): PacketJob | undefined => {
    for (;;) {
      if (opts.signal?.aborted) return undefined;
      const r = stream.next();
      if (r.done) return undefined;
      // A station whose credential was refused sends nothing more.
      if (!opts.client.isStopped(r.value.bs_id)) return r.value;
    }
  };

  const worker = async (): Promise<void> => {
    for (let job = next(); job; job = next()) {
      const outcome = await opts.client.send(job, job.packet);
      const n = job.packet.readings.length;
      if (outcome.kind === 'ok') {
        result.sent += n;
        result.packets++;
        result.stored += outcome.stored;
        result.duplicates += outcome.duplicates;
      } else if (outcome.kind === 'aborted') {
        interrupted = true;
        return;
      } else {
        result.dropped += n;
      }
    }
  };

  const every = opts.progressEveryMs ?? 2000;
  const progress = (): void => {
    const s = (performance.now() - started) / 1000;
    const pct = total > 0 ? (100 * result.sent) / total : 100;
    log.info(
      `backfill: ${fmt(result.sent)} / ${fmt(total)} readings (${pct.toFixed(0)} %), ${fmt(result.sent / Math.max(s, 0.001))} readings/s`,
    );
  };
  const timer = every > 0 ? setInterval(progress, every) : undefined;
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, () => worker()));
  } finally {
    if (timer) clearInterval(timer);
  }
  result.seconds = (performance.now() - started) / 1000;
  result.readingsPerSecond = result.sent / Math.max(result.seconds, 0.001);
  result.completed = !interrupted && !opts.signal?.aborted;
  return result;
}

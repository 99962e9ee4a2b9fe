import type { IngestReading } from '@emberwatch/shared';
import { silentLogger, type Logger } from './createLogger.js';
import {
  FaultInjector,
  NO_FAULTS,
  silenceWindows,
  type FaultRates,
  type SilenceFault,
} from './FaultInjector.js';
import { hashSeed } from './hashSeed.js';
import type { IngestClient } from './IngestClient.js';
import { mulberry32 } from './mulberry32.js';
import { sleep } from './sleep.js';
import { StationSender } from './StationSender.js';
import type { StationSimulator } from './StationSimulator.js';

export interface LiveOptions {
  stations: StationSimulator[];
  client: IngestClient;
  intervalS: number;
  /** Simulated seconds per real second while the simulated clock is behind real time. */
  speed: number;
  /** Simulated time at start, epoch seconds (real now, or earlier to replay at speed). */
  simStartTs: number;
  /** First measurement time to send (a multiple of the interval). */
  firstTickTs: number;
  seed: number;
  faults?: FaultRates;
  /** Stations that go quiet for a while (--silence), timed from firstTickTs. */
  silences?: readonly SilenceFault[];
  log?: Logger;
  /** Abort to stop: held-back readings are flushed and the buffers given flushTimeoutMs to drain. */
  signal: AbortSignal;
  flushTimeoutMs?: number;
  /** Real clock in ms (tests may pass their own). */
  now?: () => number;
  /** Log a status line at most this often (default 60 s; 0 = never). */
  statusEveryMs?: number;
}

export interface LiveResult {
  rounds: number;
  lastTickTs: number | null;
  lost: number;
  delayed: number;
  duplicated: number;
  /** Readings not sent while a station was silenced. */
  silenced: number;
  /** Packets still buffered when the simulator stopped. */
  unsent: number;
}

/**
 * The simulated clock runs at `speed` from simStartTs but never ahead of real time (the server
 * refuses readings more than 10 minutes in the future): once it catches up it runs in real time.
 */
export function liveClock(simStartTs: number, realStartMs: number, speed: number) {
  return {
    simNow(realMs: number): number {
      return Math.min(realMs / 1000, simStartTs + ((realMs - realStartMs) / 1000) * speed);
    },
    realAt(simTs: number): number {
      return Math.max(simTs * 1000, realStartMs + ((simTs - simStartTs) * 1000) / speed);
    },
  };
}

export async function runLive(opts: LiveOptions): Promise<LiveResult> {
  const log = opts.log ?? silentLogger;
  const now = opts.now ?? Date.now;
  const clock = liveClock(opts.simStartTs, now(), opts.speed);
  const faults = opts.faults ?? NO_FAULTS;
  const stations = opts.stations.map((sim) => ({
    sim,
    sender: new StationSender(sim.credential, opts.client, log),
    faults: new FaultInjector(
      faults,
      mulberry32(hashSeed(opts.seed, 'live-faults', sim.bsId)),
      silenceWindows(opts.silences ?? [], sim.bsId, opts.firstTickTs),
    ),
    silent: false,
  }));
  const result: LiveResult = {
    rounds: 0,
    lastTickTs: null,
    lost: 0,
    delayed: 0,
    duplicated: 0,
    silenced: 0,
    unsent: 0,
  };
  const at = (ts: number) => `${new Date(ts * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const statusEvery = opts.statusEveryMs ?? 60_000;
  let lastStatus = now();

  const enqueue = (st: (typeof stations)[number], readings: IngestReading[], twice: boolean): void => {
    const packet = st.sim.dataPacket(readings, Math.floor(clock.simNow(now())));
    st.sender.enqueue(packet);
    if (twice) st.sender.enqueue(packet);
  };

  for (let tick = opts.firstTickTs; !opts.signal.aborted; tick += opts.intervalS) {
    if (!(await sleep(clock.realAt(tick) - now(), opts.signal))) break;
    const active = stations.filter((st) => !opts.client.isStopped(st.sim.bsId));
    if (active.length === 0) {
      log.error('every station was refused by the server; stopping');
      break;
    }
    for (const st of active) {
      // Said when it happens, so whoever watches the demo knows when to expect the data break.
      const silent = st.faults.silentAt(tick);
      if (silent !== st.silent)
        log.info(
          silent
            ? `--silence: ${st.sim.bsId} stops sending at ${at(tick)}`
            : `--silence: ${st.sim.bsId} sends again at ${at(tick)}`,
        );
      st.silent = silent;
      const { readings, duplicate } = st.faults.process(st.sim.readingsAt(tick), tick);
      if (readings.length > 0) enqueue(st, readings, duplicate);
    }
    result.rounds++;
    result.lastTickTs = tick;
    // Replaying faster than the server answers: wait for the buffers rather than pile up packets.
    if (active.some((st) => st.sender.pending > 20)) await Promise.all(active.map((st) => st.sender.idle()));
    if (statusEvery > 0 && now() - lastStatus >= statusEvery) {
      lastStatus = now();
      const s = opts.client.stats;
      log.info(
        `live: at ${at(tick)}, ${result.rounds} rounds, ` +
          `${s.readings.toLocaleString('en-US')} readings acknowledged (${s.duplicates.toLocaleString('en-US')} duplicates)`,
      );
    }
  }

  // Stopping: what is held back goes out now, then the buffers get a little time to drain.
  for (const st of stations) {
    const held = st.faults.flush();
    if (held.length > 0 && !opts.client.isStopped(st.sim.bsId)) enqueue(st, held, false);
  }
  const drained = Promise.all(stations.map((st) => st.sender.idle()));
  await Promise.race([drained, sleep(opts.flushTimeoutMs ?? 5000)]);
  for (const st of stations) {
    result.lost += st.faults.lost;
    result.delayed += st.faults.delayed;
    result.duplicated += st.faults.duplicated;
    result.silenced += st.faults.silenced;
    result.unsent += st.sender.pending;
  }
  return result;
}

import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { silentLogger, type Logger } from './createLogger.js';
import {
  FaultInjector,
  NO_FAULTS,
  silenceWindows,
  type FaultRates,
  type SilenceFault,
} from './FaultInjector.js';
import { FirmwareUpdater } from './FirmwareUpdater.js';
import { hashSeed } from './hashSeed.js';
import type { IngestClient } from './IngestClient.js';
import { mulberry32 } from './mulberry32.js';
import { sleep } from './sleep.js';
import { StationSender } from './StationSender.js';
import type { StationSimulator } from './StationSimulator.js';

/** A station with nothing to deliver sends a heartbeat this often (docs/base-station-protocol.md). */
export const HEARTBEAT_S = 15 * 60;

export interface LiveOptions {
  stations: StationSimulator[];
  client: IngestClient;
  /** Seconds between rounds on the wall clock; readings are stamped with their round's time. */
  intervalS: number;
  /** How many times faster than the clock the demo's world runs at first (1 = the clock's pace). */
  speed: number;
  /** Seconds of the world played at `speed`; then it goes on at the clock's pace, that much ahead. */
  fastS: number;
  /** First measurement time to send (a multiple of the interval, on the wall clock). */
  firstTickTs: number;
  seed: number;
  faults?: FaultRates;
  /** Stations that go quiet for a while (--silence), timed from firstTickTs. */
  silences?: readonly SilenceFault[];
  /** Stations whose firmware updates fail (--fail-ota). */
  failOta?: readonly string[];
  log?: Logger;
  /** Abort to stop: held-back readings are flushed and the buffers given flushTimeoutMs to drain. */
  signal: AbortSignal;
  flushTimeoutMs?: number;
  /** Real clock in ms (tests may pass their own). */
  now?: () => number;
  /** Waits ms on that clock, false when the signal aborts first (tests may pass their own). */
  wait?: (ms: number, signal: AbortSignal) => Promise<boolean>;
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
 * The demo's world clock at a reading's time (decision 0076). Readings are stamped with the wall clock
 * — the server shows and judges every reading against it, so a demo stamped in the past looks stale —
 * while the world they measure may run ahead: from `startS` it runs `speed` times faster until it has
 * played `fastS` seconds, then at the clock's pace, that much ahead. Before `startS` (the backfill, the
 * rounds already past when live play starts) it is the wall clock.
 */
export function worldClock(startS: number, speed: number, fastS: number): (ts: number) => number {
  const fastForS = speed > 1 ? fastS / speed : 0;
  const aheadS = speed > 1 ? fastS - fastForS : 0;
  return (ts) => {
    const elapsed = ts - startS;
    if (elapsed <= 0) return ts;
    return elapsed <= fastForS ? startS + Math.round(elapsed * speed) : ts + Math.round(aheadS);
  };
}

export async function runLive(opts: LiveOptions): Promise<LiveResult> {
  const log = opts.log ?? silentLogger;
  const now = opts.now ?? Date.now;
  const wait = opts.wait ?? sleep;
  const worldAt = worldClock(Math.floor(now() / 1000), opts.speed, opts.fastS);
  const faults = opts.faults ?? NO_FAULTS;
  const stations = opts.stations.map((sim) => {
    // A station takes the firmware updates the server offers in its answers (FirmwareUpdater.ts); its
    // boot packet after an install goes through its send buffer like any other.
    const firmware = new FirmwareUpdater({
      station: sim,
      client: opts.client,
      send: (packet) => sender.enqueue(packet),
      fail: opts.failOta?.includes(sim.bsId) ?? false,
      log,
      nowS: () => Math.floor(now() / 1000),
    });
    const sender = new StationSender(sim.credential, opts.client, log, undefined, (o) => firmware.offer(o));
    return {
      sim,
      sender,
      firmware,
      faults: new FaultInjector(
        faults,
        mulberry32(hashSeed(opts.seed, 'live-faults', sim.bsId)),
        silenceWindows(opts.silences ?? [], sim.bsId, opts.firstTickTs),
      ),
      silent: false,
      /** When the station last sent (its heartbeat is due HEARTBEAT_S after). */
      lastSentTs: Math.floor(now() / 1000),
    };
  });
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
    const sentTs = Math.floor(now() / 1000);
    const packet = st.sim.livePacket(readings, sentTs);
    st.sender.enqueue(packet);
    if (twice) st.sender.enqueue(packet);
    st.lastSentTs = sentTs;
  };

  for (let tick = opts.firstTickTs; !opts.signal.aborted; tick += opts.intervalS) {
    if (!(await wait(tick * 1000 - now(), opts.signal))) break;
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
      const { readings, duplicate } = st.faults.process(st.sim.readingsAt(worldAt(tick), tick), tick);
      if (readings.length > 0) enqueue(st, readings, duplicate);
      else if (!silent && Math.floor(now() / 1000) - st.lastSentTs >= HEARTBEAT_S) {
        // Nothing heard for a while: the station says it is alive (the protocol's heartbeat).
        st.lastSentTs = Math.floor(now() / 1000);
        st.sender.enqueue(st.sim.heartbeatPacket(st.lastSentTs));
      }
    }
    result.rounds++;
    result.lastTickTs = tick;
    // The rounds already past when live play starts go out at once: wait for the buffers rather than
    // pile up packets when the server answers slower.
    if (active.some((st) => st.sender.pending > 20)) await Promise.all(active.map((st) => st.sender.idle()));
    if (statusEvery > 0 && now() - lastStatus >= statusEvery) {
      lastStatus = now();
      const s = opts.client.stats;
      const world = worldAt(tick);
      log.info(
        `live: at ${at(tick)}${world - tick >= 60 ? ` (the demo's world at ${at(world)})` : ''}, ${result.rounds} rounds, ` +
          `${s.readings.toLocaleString('en-US')} readings acknowledged (${s.duplicates.toLocaleString('en-US')} duplicates)`,
      );
    }
  }

  // Stopping: what is held back goes out now, then the buffers get a little time to drain.
  for (const st of stations) {
    const held = st.faults.flush();
    if (held.length > 0 && !opts.client.isStopped(st.sim.bsId)) enqueue(st, held, false);
  }
  const drained = Promise.all(
    stations.map(async (st) => {
      await st.firmware.idle();
      await st.sender.idle();
    }),
  );
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

import {
  MAX_READINGS_PER_PACKET,
  type IngestPacket,
  type IngestReading,
} from '@emberwatch/shared/contracts/ingest';
import { FaultInjector, hasFaults, type FaultRates } from './FaultInjector.js';
import { hashSeed } from './hashSeed.js';
import type { StationConfig } from './loadStationsConfig.js';
import { mulberry32 } from './mulberry32.js';
import { StationSimulator } from './StationSimulator.js';

/** A packet ready to POST, with the credential of the station sending it. */
export interface PacketJob {
  bs_id: string;
  secret: string;
  packet: IngestPacket;
}

export interface BuildPacketsOptions {
  /** Run seed: the same seed gives the same curves (default 1). */
  seed?: number;
  /** Readings per packet (default 100, at most 1000). */
  packetSize?: number;
  /** Faults to inject (default none). */
  faults?: FaultRates;
}

export const DEFAULT_PACKET_SIZE = 100;

/**
 * Measurement times are multiples of the interval since the epoch, so that a resend — a resumed
 * backfill, a live round the backfill already covered — carries the very same (probe, meas_ts)
 * pairs and the server stores nothing twice.
 */
export function alignDown(ts: number, intervalS: number): number {
  return Math.floor(ts / intervalS) * intervalS;
}

export function alignUp(ts: number, intervalS: number): number {
  return Math.ceil(ts / intervalS) * intervalS;
}

/** Number of aligned measurement times in [fromTs, toTs]. */
export function countTicks(fromTs: number, toTs: number, intervalS: number): number {
  const first = alignUp(fromTs, intervalS);
  return toTs < first ? 0 : Math.floor((toTs - first) / intervalS) + 1;
}

export function clampPacketSize(n: number | undefined): number {
  return Math.max(1, Math.min(MAX_READINGS_PER_PACKET, Math.floor(n ?? DEFAULT_PACKET_SIZE)));
}

function job(sim: StationSimulator, readings: IngestReading[]): PacketJob {
  // The station sends as soon as its packet is full: the station clock reads the newest reading's time.
  let sentTs = 0;
  for (const r of readings) if (r.meas_ts > sentTs) sentTs = r.meas_ts;
  return { ...sim.credential, packet: sim.dataPacket(readings, sentTs) };
}

/** One station's readings over [fromTs, toTs], in time order, cut into packets. */
export function* stationPackets(
  sim: StationSimulator,
  fromTs: number,
  toTs: number,
  intervalS: number,
  packetSize: number,
  injector?: FaultInjector,
): Generator<PacketJob> {
  const size = clampPacketSize(packetSize);
  let buffer: IngestReading[] = [];
  const pending: PacketJob[] = [];
  const cut = (readings: IngestReading[]): void => {
    if (!injector) {
      if (readings.length > 0) pending.push(job(sim, readings));
      return;
    }
    const out = injector.process(readings);
    // Held-back readings may make a packet longer than asked; keep the protocol's limit.
    for (let i = 0; i < out.readings.length; i += MAX_READINGS_PER_PACKET) {
      const j = job(sim, out.readings.slice(i, i + MAX_READINGS_PER_PACKET));
      pending.push(j);
      if (out.duplicate) pending.push(j);
    }
  };
  for (let ts = alignUp(fromTs, intervalS); ts <= toTs; ts += intervalS) {
    buffer.push(...sim.readingsAt(ts));
    while (buffer.length >= size) {
      cut(buffer.slice(0, size));
      buffer = buffer.slice(size);
    }
    yield* pending.splice(0);
  }
  if (buffer.length > 0) cut(buffer);
  if (injector) {
    const held = injector.flush();
    if (held.length > 0) pending.push(job(sim, held));
  }
  yield* pending.splice(0);
}

/** Round-robin over several generators, so that every station's history advances together. */
export function* interleave<T>(iterators: Iterator<T>[]): Generator<T> {
  let active = iterators.slice();
  while (active.length > 0) {
    const next: Iterator<T>[] = [];
    for (const it of active) {
      const r = it.next();
      if (!r.done) {
        yield r.value;
        next.push(it);
      }
    }
    active = next;
  }
}

function toSimulator(s: StationConfig | StationSimulator, seed: number): StationSimulator {
  return s instanceof StationSimulator ? s : new StationSimulator(s, seed);
}

/** Lazily generated packets of all stations over [fromTs, toTs] (inclusive, aligned to the interval). */
export function generatePackets(
  stations: ReadonlyArray<StationConfig | StationSimulator>,
  fromTs: number,
  toTs: number,
  intervalS: number,
  opts: BuildPacketsOptions = {},
): Generator<PacketJob> {
  const seed = opts.seed ?? 1;
  const faults = opts.faults;
  return interleave(
    stations.map((s) => {
      const sim = toSimulator(s, seed);
      const injector =
        faults && hasFaults(faults)
          ? new FaultInjector(faults, mulberry32(hashSeed(seed, 'faults', sim.bsId)))
          : undefined;
      return stationPackets(sim, fromTs, toTs, intervalS, opts.packetSize ?? DEFAULT_PACKET_SIZE, injector);
    }),
  );
}

/** All packets at once (for benchmarks and tests; the backfill streams them instead). */
export function buildPackets(
  stations: ReadonlyArray<StationConfig | StationSimulator>,
  fromTs: number,
  toTs: number,
  intervalS: number,
  opts: BuildPacketsOptions = {},
): PacketJob[] {
  return [...generatePackets(stations, fromTs, toTs, intervalS, opts)];
}

import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import type { Random } from './mulberry32.js';

/**
 * Radio and network faults, decided with a seeded PRNG:
 * - lost: a probe's reading never reaches the station (a gap in its chart);
 * - late: the reading is held back and goes out with the next packet, after newer readings;
 * - duplicate: the whole packet is sent twice, as after a lost acknowledgement.
 */
export interface FaultRates {
  loss: number;
  late: number;
  duplicate: number;
}

export const NO_FAULTS: FaultRates = { loss: 0, late: 0, duplicate: 0 };

/**
 * `--silence`: a station that goes quiet, as after a power cut, a stolen SIM or lightning (issue 27
 * item 3): `afterS` seconds of live play after its start it sends nothing for `forS` seconds (null:
 * until the simulator stops), then resumes, so both the data break and its all-clear can be watched.
 */
export interface SilenceFault {
  bsId: string;
  afterS: number;
  forS: number | null;
}

/** A silence in simulated time: from `fromTs` (inclusive) to `toTs` (exclusive; null: for good). */
export interface SilenceWindow {
  fromTs: number;
  toTs: number | null;
}

/** The silences of one station, placed on the simulated clock from the first live measurement. */
export function silenceWindows(
  faults: readonly SilenceFault[],
  bsId: string,
  liveStartTs: number,
): SilenceWindow[] {
  return faults
    .filter((f) => f.bsId === bsId)
    .map((f) => ({
      fromTs: liveStartTs + f.afterS,
      toTs: f.forS === null ? null : liveStartTs + f.afterS + f.forS,
    }));
}

export function isSilenced(windows: readonly SilenceWindow[], ts: number): boolean {
  return windows.some((w) => ts >= w.fromTs && (w.toTs === null || ts < w.toTs));
}

export function hasFaults(rates: FaultRates): boolean {
  return rates.loss > 0 || rates.late > 0 || rates.duplicate > 0;
}

export class FaultInjector {
  private held: IngestReading[] = [];
  lost = 0;
  delayed = 0;
  duplicated = 0;
  /** Readings a silenced station never sent. */
  silenced = 0;

  constructor(
    private readonly rates: FaultRates,
    private readonly random: Random,
    private readonly silences: readonly SilenceWindow[] = [],
  ) {}

  /** Whether the station is silent at this measurement time. */
  silentAt(ts: number): boolean {
    return isSilenced(this.silences, ts);
  }

  /**
   * The readings to send now (including those held from the last round) and whether to send them
   * twice. `ts`, the round's measurement time, places it against the station's silences: a silent
   * station sends nothing; readings held back before it went quiet go out with its first packet after.
   */
  process(
    readings: readonly IngestReading[],
    ts?: number,
  ): { readings: IngestReading[]; duplicate: boolean } {
    if (ts !== undefined && this.silentAt(ts)) {
      this.silenced += readings.length;
      return { readings: [], duplicate: false };
    }
    const out: IngestReading[] = [];
    const nextHeld: IngestReading[] = [];
    for (const r of readings) {
      const x = this.random();
      if (x < this.rates.loss) this.lost++;
      else if (x < this.rates.loss + this.rates.late) nextHeld.push(r);
      else out.push(r);
    }
    out.push(...this.held);
    this.held = nextHeld;
    this.delayed += nextHeld.length;
    const duplicate = out.length > 0 && this.random() < this.rates.duplicate;
    if (duplicate) this.duplicated++;
    return { readings: out, duplicate };
  }

  /** Readings still held back (sent at shutdown or after the last backfill packet). */
  flush(): IngestReading[] {
    const out = this.held;
    this.held = [];
    return out;
  }
}

import type { IngestReading } from '@emberwatch/shared';
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

export function hasFaults(rates: FaultRates): boolean {
  return rates.loss > 0 || rates.late > 0 || rates.duplicate > 0;
}

export class FaultInjector {
  private held: IngestReading[] = [];
  lost = 0;
  delayed = 0;
  duplicated = 0;

  constructor(
    private readonly rates: FaultRates,
    private readonly random: Random,
  ) {}

  /** The readings to send now (including those held from the last round) and whether to send them twice. */
  process(readings: readonly IngestReading[]): { readings: IngestReading[]; duplicate: boolean } {
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

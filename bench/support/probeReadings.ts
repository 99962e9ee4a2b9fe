/**
 * The readings a benchmark sends, the same values whichever product receives them: one packet is one
 * reading of every probe of a station at one measurement time, and the measurement time advances by
 * `stepSeconds` each time every station has sent, so no reading repeats.
 *
 * The values move the way a stack's probes do — a slow daily swing of a few degrees plus a little
 * noise — rather than staying constant: a columnar store compresses constant series to almost
 * nothing, and would look better than it does on real data.
 */

export interface ProbeReading {
  /** Probe serial, unique per station and probe: `B<station>P<probe>`. */
  sensorId: string;
  /** Tenths of °C, handle first (3 depths). */
  temperatures: [number, number, number];
  sensorRssi: number;
  bsRssi: number;
  /** Centivolts. */
  battery: number;
}

export interface LoadShape {
  stations: number;
  probes: number;
  /** The first measurement time (epoch seconds). */
  startTs: number;
  stepSeconds: number;
}

/** A cheap deterministic hash → 0 … 2^32-1, so every run sends exactly the same values. */
function hash(a: number, b: number, c: number): number {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** Which station sends the n-th packet of a run, and for which measurement time. */
export function packetAt(shape: LoadShape, n: number): { station: number; ts: number } {
  return {
    station: n % shape.stations,
    ts: shape.startTs + Math.floor(n / shape.stations) * shape.stepSeconds,
  };
}

export function probeReadings(shape: LoadShape, station: number, ts: number): ProbeReading[] {
  const out: ProbeReading[] = [];
  // A day's swing of ±2 °C, the same phase for one station's probes.
  const swing = Math.round(20 * Math.sin(((ts % 86_400) / 86_400) * 2 * Math.PI + station));
  for (let p = 0; p < shape.probes; p++) {
    const base = 150 + ((station * 7 + p * 13) % 400) + swing;
    const noise = hash(station, p, ts);
    out.push({
      sensorId: `B${station}P${p}`,
      temperatures: [
        base + (noise % 5) - 2,
        base + 12 + ((noise >>> 3) % 5) - 2,
        base + 25 + ((noise >>> 6) % 5) - 2,
      ],
      sensorRssi: -60 - (p % 40) - ((noise >>> 9) % 4),
      bsRssi: -65 - (p % 30) - ((noise >>> 11) % 3),
      battery: 340 + (p % 20) - ((noise >>> 13) % 2),
    });
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { ingestPacketSchema } from '@emberwatch/shared/contracts/ingest';
import {
  compostCore,
  compostProfile,
  compostTemperatures,
  compostTurnsBetween,
} from '../src/compostModel.js';
import { grainProfile, grainTemperatures, type GrainProfile } from '../src/grainModel.js';
import { hayCycleAt, hayEpisode, hayModel, hayProfile, hayTemperatures } from '../src/hayModel.js';
import { MATERIALS, probeCurve } from '../src/probeCurve.js';
import { radioProfile, radioSample } from '../src/radioModel.js';
import { DAY_S } from '../src/seasonalAmbient.js';
import { StationSimulator } from '../src/StationSimulator.js';

const HOUR = 3600;
const T0 = Date.UTC(2025, 0, 1) / 1000;
const SEEDS = Array.from({ length: 24 }, (_, i) => 1000 + i * 7919);

function series(curve: (ts: number) => number[], from: number, to: number, step: number): number[][] {
  const out: number[][] = [];
  for (let ts = from; ts <= to; ts += step) out.push(curve(ts));
  return out;
}

const max = (xs: number[]): number => xs.reduce((a, b) => Math.max(a, b), -Infinity);
const min = (xs: number[]): number => xs.reduce((a, b) => Math.min(a, b), Infinity);
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('hay bales self-heat to 50–70 °C over days, then cool over weeks', () => {
  it('every probe peaks between 50 and 70 °C in its core, whatever the seed', () => {
    for (const seed of SEEDS) {
      // 160 days always hold a whole 45–75-day cycle and so a whole episode.
      const rows = series(hayModel(seed, 3), T0, T0 + 160 * DAY_S, HOUR);
      const core = rows.map((r) => r[2]!);
      expect(max(core)).toBeGreaterThanOrEqual(500);
      expect(max(core)).toBeLessThanOrEqual(700);
      // Between episodes the stack sits at barn air temperature (about 15–25 °C).
      expect(min(core)).toBeGreaterThanOrEqual(120);
      expect(min(core)).toBeLessThanOrEqual(280);
    }
  });

  it('rises over 3–10 days and cools back to ambient over 2–4 weeks', () => {
    for (const seed of SEEDS) {
      const profile = hayProfile(seed, 3);
      for (let k = 0; k < 5; k++) {
        const e = hayEpisode(profile, k);
        expect(e.riseS / DAY_S).toBeGreaterThanOrEqual(3);
        expect(e.riseS / DAY_S).toBeLessThanOrEqual(10);
        expect(e.coolS / DAY_S).toBeGreaterThanOrEqual(14);
        expect(e.coolS / DAY_S).toBeLessThanOrEqual(28);
        expect(e.onsetS + e.riseS + e.coolS).toBeLessThan(profile.cycleS);
      }
      const { index, startTs } = hayCycleAt(profile, T0);
      const e = hayEpisode(profile, index + 1);
      const start = startTs + profile.cycleS + e.onsetS;
      const at = (s: number): number => hayTemperatures(profile, start + s)[2]! / 10;
      const peak = at(e.riseS);
      expect(peak).toBeGreaterThan(at(e.riseS / 2));
      expect(at(e.riseS / 2)).toBeGreaterThan(at(0) + 3);
      // Cooling is monotone on the day scale and ends within a few degrees of the start.
      expect(at(e.riseS + 3 * DAY_S)).toBeLessThan(peak);
      expect(at(e.riseS + e.coolS / 2)).toBeLessThan(at(e.riseS + 3 * DAY_S));
      expect(Math.abs(at(e.riseS + e.coolS + DAY_S) - at(-DAY_S))).toBeLessThan(4);
    }
  });

  it('keeps the handle cooler than the core while the bale is hot', () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const rows = series(hayModel(seed, 4), T0, T0 + 160 * DAY_S, 2 * HOUR);
      const hot = rows.filter((r) => r[3]! > 450);
      expect(hot.length).toBeGreaterThan(0);
      for (const r of hot) expect(r[0]!).toBeLessThan(r[3]!);
      expect(mean(hot.map((r) => r[3]! - r[0]!))).toBeGreaterThan(80);
    }
  });
});

describe("the demo's staged heating crosses 55 °C a few hours into live play", () => {
  const LIMIT = 550;
  const core = (seed: number, ts: number, strength = 1) =>
    hayModel(seed, 3, { anchorTs: T0, strength })(ts)[2]!;
  // The first reading at or above the limit, hour by hour from the anchor (null: never in 3 days).
  const crossing = (seed: number, strength = 1): number | null => {
    for (let h = 0; h <= 72; h++) if (core(seed, T0 + h * HOUR, strength) >= LIMIT) return h;
    return null;
  };
  // The seeds whose own episode is cool around the anchor: there the staged heating is what shows.
  const cool = SEEDS.filter(
    (seed) =>
      max(series((ts) => hayModel(seed, 3)(ts), T0 - DAY_S, T0 + 3 * DAY_S, HOUR).map((r) => r[2]!)) < 450,
  );

  it.each([
    { what: 'below the limit when live play starts', at: 0, below: true },
    { what: 'above it eight hours later', at: 8, below: false },
    { what: 'still above it a day later, at the peak', at: 22, below: false },
  ])('a full-strength probe is $what', ({ at, below }) => {
    expect(cool.length).toBeGreaterThan(5);
    for (const seed of cool) {
      const v = core(seed, T0 + at * HOUR);
      if (below) expect(v).toBeLessThan(LIMIT);
      else expect(v).toBeGreaterThanOrEqual(LIMIT);
    }
  });

  it('crosses between three and eight hours after the anchor: minutes at --speed 60', () => {
    for (const seed of cool) {
      const h = crossing(seed);
      expect(h).not.toBeNull();
      expect(h!).toBeGreaterThanOrEqual(3);
      expect(h!).toBeLessThanOrEqual(8);
    }
  });

  it('heats a weaker neighbour less: at 0.55 it never reaches the limit', () => {
    for (const seed of cool) expect(crossing(seed, 0.55)).toBeNull();
  });

  it('leaves a probe without the flag, and every other material, as it was', () => {
    const config = {
      bs_id: 'F1',
      secret: 's',
      material: 'hay' as const,
      probes: [
        { sensor_id: 'H1', depths: 3, heating: 1 },
        { sensor_id: 'H2', depths: 3 },
      ],
    };
    const staged = new StationSimulator(config, 5, T0);
    const plain = new StationSimulator(config, 5);
    const ts = T0 + 10 * HOUR;
    const [h1, h2] = staged.readingsAt(ts);
    const [p1, p2] = plain.readingsAt(ts);
    expect(h2!.temperatures).toEqual(p2!.temperatures);
    expect(Math.max(...h1!.temperatures)).toBeGreaterThanOrEqual(Math.max(...p1!.temperatures));
    expect(probeCurve('grain', 5, 3, { anchorTs: T0, strength: 1 })(ts)).toEqual(
      probeCurve('grain', 5, 3)(ts),
    );
  });
});

describe('compost windrows sit at 55–70 °C and drop when turned', () => {
  it('is turned every 5–10 days', () => {
    for (const seed of SEEDS) {
      const turns = compostTurnsBetween(compostProfile(seed, 3), T0, T0 + 120 * DAY_S);
      expect(turns.length).toBeGreaterThanOrEqual(11);
      for (let i = 1; i < turns.length; i++) {
        const gap = (turns[i]!.ts - turns[i - 1]!.ts) / DAY_S;
        expect(gap).toBeGreaterThanOrEqual(5);
        expect(gap).toBeLessThanOrEqual(10);
      }
    }
  });

  it('drops 15–25 °C at a turn and recovers within 1–2 days', () => {
    for (const seed of SEEDS) {
      const profile = compostProfile(seed, 3);
      for (const turn of compostTurnsBetween(profile, T0, T0 + 60 * DAY_S)) {
        const before = compostCore(profile, turn.ts - 1);
        const after = compostCore(profile, turn.ts);
        expect(before - after).toBeGreaterThanOrEqual(14.5);
        expect(before - after).toBeLessThanOrEqual(25.5);
        expect(compostCore(profile, turn.ts + 6 * HOUR)).toBeGreaterThan(after + 5);
        expect(compostCore(profile, turn.ts + 2 * DAY_S)).toBeGreaterThan(before - 1.5);
      }
    }
  });

  it('holds its core between 53 and 70 °C away from the turns, with a cooler surface', () => {
    for (const seed of SEEDS) {
      const profile = compostProfile(seed, 4);
      const turns = compostTurnsBetween(profile, T0 - 10 * DAY_S, T0 + 70 * DAY_S).map((t) => t.ts);
      for (let ts = T0; ts < T0 + 60 * DAY_S; ts += 3 * HOUR) {
        const sinceTurn = ts - max(turns.filter((t) => t <= ts));
        const core = compostCore(profile, ts);
        expect(core).toBeLessThanOrEqual(70);
        if (sinceTurn > 2 * DAY_S) expect(core).toBeGreaterThanOrEqual(53);
        const temps = compostTemperatures(profile, ts);
        expect(temps[0]!).toBeLessThan(max(temps.slice(1)) - 5);
      }
    }
  });
});

describe('grain follows the seasons, damped and late with depth, with slow hot spots', () => {
  const noHotSpot = (seed: number, depths: number): GrainProfile => ({
    ...grainProfile(seed, depths),
    hotSpot: null,
  });
  const monthMean = (p: GrainProfile, depth: number, month: number): number => {
    const from = Date.UTC(2025, month, 1) / 1000;
    const vals: number[] = [];
    for (let ts = from; ts < from + 28 * DAY_S; ts += 6 * HOUR)
      vals.push(grainTemperatures(p, ts)[depth]! / 10);
    return mean(vals);
  };

  it('is cold in winter and warm in summer near the surface', () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const p = noHotSpot(seed, 4);
      const jan = monthMean(p, 0, 0);
      const jul = monthMean(p, 0, 6);
      expect(jan).toBeLessThan(5);
      expect(jul).toBeGreaterThan(17);
      expect(jul - jan).toBeGreaterThan(14);
      expect(jul - jan).toBeLessThan(24);
    }
  });

  it('swings less deep in the bin, and later', () => {
    const p = noHotSpot(SEEDS[0]!, 4);
    const months = Array.from({ length: 12 }, (_, m) => m);
    const surface = months.map((m) => monthMean(p, 0, m));
    const deep = months.map((m) => monthMean(p, 3, m));
    const swing = (xs: number[]): number => max(xs) - min(xs);
    expect(swing(deep)).toBeLessThan(swing(surface) * 0.4);
    expect(swing(deep)).toBeGreaterThan(1.5);
    expect(deep.indexOf(max(deep))).toBeGreaterThan(surface.indexOf(max(surface)));
  });

  it('grows a hot spot by about 0.25–0.35 °C a day at one depth on some probes', () => {
    const profiles = SEEDS.map((s) => grainProfile(s, 4));
    const withSpot = profiles.filter((p) => p.hotSpot !== null);
    expect(withSpot.length).toBeGreaterThan(SEEDS.length * 0.15);
    expect(withSpot.length).toBeLessThan(SEEDS.length * 0.75);
    for (const p of withSpot) {
      const h = p.hotSpot!;
      expect(h.depthIndex).toBeGreaterThanOrEqual(1);
      // A time 5 days into a growth phase, and the same time 20 days later.
      const cycleStart = Math.ceil((T0 + h.phaseS) / h.cycleS) * h.cycleS - h.phaseS;
      const a = cycleStart + 5 * DAY_S;
      const b = a + 20 * DAY_S;
      const base = noHotSpot(p.seed, 4);
      const excess = (ts: number): number =>
        (grainTemperatures(p, ts)[h.depthIndex]! - grainTemperatures(base, ts)[h.depthIndex]!) / 10;
      const perDay = (excess(b) - excess(a)) / 20;
      expect(perDay).toBeGreaterThan(0.2);
      expect(perDay).toBeLessThan(0.4);
    }
  });
});

describe('every curve is deterministic and inside the protocol', () => {
  it('gives the same temperatures for the same seed and time, and different ones for another seed', () => {
    for (const material of MATERIALS) {
      const a = series(probeCurve(material, 42, 3), T0, T0 + 3 * DAY_S, HOUR);
      const b = series(probeCurve(material, 42, 3), T0, T0 + 3 * DAY_S, HOUR);
      const c = series(probeCurve(material, 43, 3), T0, T0 + 3 * DAY_S, HOUR);
      expect(b).toEqual(a);
      expect(c).not.toEqual(a);
    }
  });

  it('makes readings that the ingest schema accepts, for every material and 1–8 depths over a year', () => {
    for (const material of MATERIALS) {
      const sim = new StationSimulator(
        {
          bs_id: `F${material}`,
          secret: 's',
          material,
          probes: Array.from({ length: 8 }, (_, i) => ({ sensor_id: `P${material}${i}`, depths: i + 1 })),
        },
        7,
      );
      // Every packet and reading is checked; the misfits are gathered and asserted once per material,
      // since an expect() per reading (10,000 of them) took longer than the checks themselves.
      const refused: string[] = [];
      const wrongDepths: string[] = [];
      for (let ts = T0; ts < T0 + 365 * DAY_S; ts += 7 * HOUR) {
        const readings = sim.readingsAt(ts);
        const r = ingestPacketSchema.safeParse(sim.dataPacket(readings, ts));
        if (!r.success) refused.push(`${ts}: ${JSON.stringify(r.error.issues[0])}`);
        readings.forEach((x, i) => {
          if (x.temperatures.length !== i + 1) wrongDepths.push(`${ts} probe ${i}: ${x.temperatures.length}`);
        });
      }
      expect(refused).toEqual([]);
      expect(wrongDepths).toEqual([]);
    }
  });
});

describe('radio and battery drift', () => {
  it('keeps RSSI between about -60 and -100 dBm, with rare dips below', () => {
    for (const seed of SEEDS) {
      const p = radioProfile(seed);
      const values: number[] = [];
      for (let ts = T0; ts < T0 + 60 * DAY_S; ts += HOUR) values.push(radioSample(p, ts, 20).sensor_RSSI);
      expect(max(values)).toBeLessThanOrEqual(-60);
      const below = values.filter((v) => v < -100).length;
      expect(below / values.length).toBeLessThan(0.05);
      expect(min(values)).toBeGreaterThanOrEqual(-120);
      // It drifts: not one flat value.
      expect(max(values) - min(values)).toBeGreaterThan(4);
    }
  });

  it('runs the battery down from about 360 to about 330 centivolts over a year and more', () => {
    for (const seed of SEEDS) {
      const p = { ...radioProfile(seed), batteryPhaseS: 0 };
      const monthMean = (month: number): number => {
        const vals: number[] = [];
        for (let ts = month * 30 * DAY_S; ts < (month + 1) * 30 * DAY_S; ts += 6 * HOUR)
          vals.push(radioSample(p, ts, 20).batt_voltage);
        return mean(vals);
      };
      expect(monthMean(0)).toBeGreaterThan(355);
      expect(monthMean(0)).toBeLessThan(368);
      expect(monthMean(6)).toBeLessThan(monthMean(0));
      expect(monthMean(12)).toBeLessThan(monthMean(6));
      expect(monthMean(13)).toBeGreaterThan(324);
      expect(monthMean(13)).toBeLessThan(346);
    }
  });

  it('reads a warm battery a little higher than a cold one', () => {
    const p = radioProfile(5);
    const at = (c: number): number =>
      mean(Array.from({ length: 200 }, (_, i) => radioSample(p, T0 + i * 600, c).batt_voltage));
    expect(at(40)).toBeGreaterThan(at(0));
  });
});

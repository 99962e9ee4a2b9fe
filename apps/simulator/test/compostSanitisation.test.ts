import { describe, expect, it } from 'vitest';
import { compostProfile, compostTemperatures, compostTurnsBetween } from '../src/compostModel.js';

const DAY = 86_400;
const HOUR = 3600;

/**
 * The coldest depth of a three-depth windrow probe (the demo's), °C: a batch's sanitisation report
 * judges a spot by its coldest depth (packages/shared domain/batches/coldestPoint.ts).
 */
const coldest = (seed: number, ts: number) =>
  Math.min(...compostTemperatures(compostProfile(seed, 3), ts)) / 10;

describe('compost windrows are turned and sanitise', () => {
  // Two seasons: the air must not decide whether the core sanitises.
  it.each([
    { season: 'winter', from: Date.UTC(2026, 0, 1) / 1000 },
    { season: 'summer', from: Date.UTC(2026, 5, 1) / 1000 },
  ])(
    'in $season every depth of every probe holds ≥ 55 °C for 3+ days between turns, drops at a turn and reheats',
    ({ from }) => {
      for (let seed = 1; seed <= 60; seed++) {
        const profile = compostProfile(seed, 3);
        const turns = compostTurnsBetween(profile, from, from + 90 * DAY);
        expect(turns.length).toBeGreaterThanOrEqual(9);
        for (let k = 0; k + 1 < turns.length; k++) {
          const turn = turns[k]!;
          const next = turns[k + 1]!;
          expect(next.ts - turn.ts).toBeGreaterThanOrEqual(5 * DAY);
          expect(next.ts - turn.ts).toBeLessThanOrEqual(10 * DAY);
          // The turn: fresh air drops the pile by more than 10 °C within the hour.
          expect(coldest(seed, turn.ts - HOUR) - coldest(seed, turn.ts + 60)).toBeGreaterThan(10);
          let run = 0;
          let longest = 0;
          let reheatedAfter: number | null = null;
          for (let ts = turn.ts + 60; ts < next.ts; ts += HOUR) {
            if (coldest(seed, ts) >= 55) {
              run += HOUR;
              longest = Math.max(longest, run);
              reheatedAfter ??= ts - turn.ts;
            } else run = 0;
          }
          expect(longest, `seed ${seed}, turn ${k}`).toBeGreaterThanOrEqual(3 * DAY);
          expect(reheatedAfter!, `seed ${seed}, turn ${k}`).toBeLessThanOrEqual(2 * DAY);
        }
      }
    },
  );
});

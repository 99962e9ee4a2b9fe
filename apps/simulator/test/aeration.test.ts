import { describe, expect, it } from 'vitest';
import {
  AERATION_RECOVERY_TAU_S,
  AERATION_TAU_INLET_S,
  AERATION_TAU_TOP_S,
  aerationParams,
  stepAeration,
} from '../src/aeration.js';

const H = 3600;
const one = aerationParams(1); // a single depth measures at the tip: the inlet's τ
const two = aerationParams(2); // handle (top, τ 24 h) and tip (bottom, τ 12 h)

describe('aeration: Newton cooling towards the air while the fan runs', () => {
  it('gives the tip the inlet time constant and the handle the top one', () => {
    expect(one.tauOnS).toEqual([AERATION_TAU_INLET_S]);
    expect(two.tauOnS).toEqual([AERATION_TAU_TOP_S, AERATION_TAU_INLET_S]);
    expect(aerationParams(4).tauOnS).toEqual([24 * H, 20 * H, 16 * H, 12 * H]);
  });

  it.each([
    // what, cooling so far, own curve before → after, air, fan, dt, the cooling after (°C below own)
    {
      what: 'cool air, one τ: 1 − 1/e of the gap',
      cooling: [0],
      own: [20, 20],
      air: 10,
      on: true,
      dt: 12 * H,
      expect: [6.3212],
    },
    {
      what: 'cool air, no time: nothing',
      cooling: [0],
      own: [20, 20],
      air: 10,
      on: true,
      dt: 0,
      expect: [0],
    },
    {
      what: 'cool air, long run: the goods reach the air',
      cooling: [0],
      own: [20, 20],
      air: 10,
      on: true,
      dt: 30 * 24 * H,
      expect: [10],
    },
    {
      what: 'air warmer than the goods warms them (negative cooling)',
      cooling: [0],
      own: [20, 20],
      air: 30,
      on: true,
      dt: 12 * H,
      expect: [-6.3212],
    },
    {
      what: 'air as warm as the goods: nothing',
      cooling: [0],
      own: [15, 15],
      air: 15,
      on: true,
      dt: 12 * H,
      expect: [0],
    },
    {
      what: 'goes on from cooling already done',
      cooling: [5],
      own: [20, 20],
      air: 10,
      on: true,
      dt: 12 * H,
      expect: [8.1606],
    },
    {
      what: 'the own curve rises underneath: the cooling grows with it',
      cooling: [0],
      own: [20, 21],
      air: 10,
      on: true,
      dt: 12 * H,
      expect: [7.3212],
    },
    {
      what: 'fan off: the cooling fades with τ 4 days',
      cooling: [5],
      own: [20, 20],
      air: 0,
      on: false,
      dt: AERATION_RECOVERY_TAU_S,
      expect: [1.8394],
    },
    {
      what: 'fan off, no cooling: the own curve',
      cooling: [0],
      own: [20, 25],
      air: 0,
      on: false,
      dt: H,
      expect: [0],
    },
  ])('$what', ({ cooling, own, air, on, dt, expect: want }) => {
    const got = stepAeration(
      { coolingC: cooling, ownBeforeC: [own[0]!], ownAfterC: [own[1]!], airC: air, fanOn: on, dtS: dt },
      one,
    );
    got.forEach((c, i) => expect(c).toBeCloseTo(want[i]!, 3));
  });

  it('cools the bottom (the inlet) before the top', () => {
    const [top, tip] = stepAeration(
      { coolingC: [0, 0], ownBeforeC: [20, 20], ownAfterC: [20, 20], airC: 10, fanOn: true, dtS: 6 * H },
      two,
    );
    expect(tip!).toBeGreaterThan(top!);
    expect(top!).toBeCloseTo(10 * (1 - Math.exp(-0.25)), 3);
    expect(tip!).toBeCloseTo(10 * (1 - Math.exp(-0.5)), 3);
  });

  it('steps the same in one go as in many small steps (exact exponential, not Euler)', () => {
    let cooling = [0];
    for (let i = 0; i < 720; i++)
      cooling = stepAeration(
        { coolingC: cooling, ownBeforeC: [20], ownAfterC: [20], airC: 10, fanOn: true, dtS: 60 },
        one,
      );
    expect(cooling[0]!).toBeCloseTo(6.3212, 3);
  });
});

import { describe, expect, it } from 'vitest';
import {
  judgeSanitisation,
  type CompostMethod,
  type SanitisationOutcome,
  type SanitisationStandard,
  type SpotReading,
  type SpotSeries,
} from '../../src/domain/batches/index.js';

const H = 3600;
const D = 24 * H;
const T0 = 1_700_000_000 - (1_700_000_000 % D);

/** Hourly readings from T0: runs of [hours, °C]; null °C leaves those hours unmeasured. */
function hourly(runs: [number, number | null][], depths = 3): SpotReading[] {
  const out: SpotReading[] = [];
  let h = 0;
  for (const [n, c] of runs)
    for (let i = 0; i < n; i++, h++)
      if (c !== null) out.push({ ts: T0 + h * H, temps: Array.from({ length: depths }, () => c * 10) });
  return out;
}

const spot = (sensor_id: string, runs: [number, number | null][], replaced = false): SpotSeries => ({
  sensor_id,
  readings: hourly(runs),
  replaced,
});

interface Case {
  name: string;
  standard: SanitisationStandard;
  method: CompostMethod;
  spots: SpotSeries[];
  turnings?: number[];
  verdict: SanitisationOutcome['verdict'];
  /** Which requirement alternatives are proven, by id. */
  proven?: string[];
  /** Hours counted in the reported period of the first requirement. */
  hours?: number;
  notes?: string[];
}

const at = (hours: number) => T0 + hours * H;
const days = (n: number) => n * 24;

const cases: Case[] = [
  {
    name: 'PFRP in-vessel: 3 days at 56 °C prove it',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [
      spot('C1', [
        [12, 40],
        [days(3) + 1, 56],
        [12, 40],
      ]),
    ],
    verdict: 'proven',
    proven: ['pfrpClosed'],
    hours: 72,
  },
  {
    name: 'PFRP in-vessel: one hour short of 3 days is not enough',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [
      spot('C1', [
        [12, 40],
        [days(3), 56],
        [12, 40],
      ]),
    ],
    verdict: 'notProven',
    hours: 71,
  },
  {
    name: 'PFRP aerated static pile: exactly 55.0 °C counts (at or above)',
    standard: 'epaPfrp',
    method: 'aeratedStaticPile',
    spots: [spot('C1', [[days(3) + 1, 55]])],
    verdict: 'proven',
    hours: 72,
  },
  {
    name: 'PFRP: 54.9 °C never counts',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [
      { sensor_id: 'C1', readings: hourly([[days(5), 55]]).map((r) => ({ ...r, temps: [549, 600, 600] })) },
    ],
    verdict: 'notProven',
    hours: undefined,
  },
  {
    name: 'the coldest spot decides: one probe cold for a day in the middle breaks the period',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [
      spot('C1', [[days(5), 60]]),
      spot('C2', [
        [days(2), 60],
        [24, 50],
        [days(2), 60],
      ]),
    ],
    verdict: 'notProven',
  },
  {
    name: 'two probes hot at different times do not add up',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [
      spot('C1', [
        [days(3) + 1, 60],
        [days(3), 40],
      ]),
      spot('C2', [
        [days(3), 40],
        [days(3) + 1, 60],
      ]),
    ],
    verdict: 'notProven',
  },
  {
    name: 'a silence over 3 hours breaks the period, even when hot on both sides',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [
      spot('C1', [
        [days(2), 60],
        [4, null],
        [days(2), 60],
      ]),
    ],
    verdict: 'notProven',
    notes: ['dataGaps'],
  },
  {
    name: 'two lost hourly readings (a 3-hour gap) are bridged',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [
      spot('C1', [
        [days(2), 60],
        [2, null],
        [days(1) + 2, 60],
      ]),
    ],
    verdict: 'proven',
    hours: 75,
  },
  {
    name: 'PFRP windrow: 15 days at 57 °C with 5 turnings',
    standard: 'epaPfrp',
    method: 'windrow',
    spots: [spot('C1', [[days(16), 57]])],
    turnings: [at(24), at(72), at(150), at(200), at(300)],
    verdict: 'proven',
    proven: ['pfrpWindrow'],
  },
  {
    name: 'PFRP windrow: 15 days but only 4 turnings',
    standard: 'epaPfrp',
    method: 'windrow',
    spots: [spot('C1', [[days(16), 57]])],
    turnings: [at(24), at(72), at(150), at(200)],
    verdict: 'notProven',
    notes: ['turningsRequired'],
  },
  {
    name: 'PFRP windrow: drops after turnings are bridged but not counted',
    standard: 'epaPfrp',
    method: 'windrow',
    // Five turnings, each followed by 6 h at 45 °C, in 16 days at 58 °C: 30 h not counted.
    spots: [
      spot('C1', [
        [days(2), 58],
        [6, 45],
        [days(3), 58],
        [6, 45],
        [days(3), 58],
        [6, 45],
        [days(3), 58],
        [6, 45],
        [days(3), 58],
        [6, 45],
        [days(2) + 7, 58],
      ]),
    ],
    turnings: [at(48), at(48 + 6 + 72), at(48 + 2 * 78), at(48 + 3 * 78), at(48 + 4 * 78)],
    verdict: 'proven',
  },
  {
    name: 'a drop with no turning recorded breaks the period',
    standard: 'epaPfrp',
    method: 'windrow',
    spots: [
      spot('C1', [
        [days(8), 58],
        [6, 45],
        [days(8), 58],
      ]),
    ],
    turnings: [at(10), at(20), at(30), at(40), at(50)],
    verdict: 'notProven',
  },
  {
    name: 'a drop that outlasts the 24-hour recovery breaks the period',
    standard: 'epaPfrp',
    method: 'windrow',
    spots: [
      spot('C1', [
        [days(8), 58],
        [30, 45],
        [days(8), 58],
      ]),
    ],
    turnings: [at(10), at(20), at(30), at(40), at(days(8))],
    verdict: 'notProven',
  },
  {
    name: 'PAS 100: 7 days at 66 °C with two turnings — moisture is not measured, so the report says so',
    standard: 'pas100',
    method: 'windrow',
    spots: [spot('C1', [[days(7) + 1, 66]])],
    turnings: [at(30), at(100)],
    verdict: 'proven',
    proven: ['pas100'],
    notes: ['moistureNotMeasured'],
  },
  {
    name: 'PAS 100: 7 days at 64 °C are not enough',
    standard: 'pas100',
    method: 'windrow',
    spots: [spot('C1', [[days(8), 64]])],
    turnings: [at(30), at(100)],
    verdict: 'notProven',
  },
  {
    name: 'PAS 100: with one turning only',
    standard: 'pas100',
    method: 'inVessel',
    spots: [spot('C1', [[days(8), 66]])],
    turnings: [at(30)],
    verdict: 'notProven',
    notes: ['moistureNotMeasured', 'turningsRequired'],
  },
  {
    name: 'BGK open windrow: 14 days at 56 °C',
    standard: 'bgk',
    method: 'windrow',
    spots: [spot('C1', [[days(14) + 1, 56]])],
    verdict: 'proven',
    proven: ['bgk55for14'],
  },
  {
    name: 'BGK open windrow: 7 days at 65 °C',
    standard: 'bgk',
    method: 'windrow',
    spots: [spot('C1', [[days(7) + 1, 65]])],
    verdict: 'proven',
    proven: ['bgk65for7'],
  },
  {
    name: 'BGK open windrow: 7 days at 62 °C are not enough (65 °C needed in the open)',
    standard: 'bgk',
    method: 'windrow',
    spots: [spot('C1', [[days(8), 62]])],
    verdict: 'notProven',
  },
  {
    name: 'BGK in-vessel: 7 days at 62 °C are enough (60 °C closed)',
    standard: 'bgk',
    method: 'inVessel',
    spots: [spot('C1', [[days(7) + 1, 62]])],
    verdict: 'proven',
    proven: ['bgk60for7'],
  },
  {
    name: 'a replaced probe: its spot joined across the swap still proves it',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [spot('C1→C9', [[days(4), 60]], true)],
    verdict: 'proven',
    notes: ['probeReplaced'],
  },
  {
    name: 'a probe without readings fails the batch',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [spot('C1', [[days(4), 60]]), { sensor_id: 'C2', readings: [] }],
    verdict: 'notProven',
    notes: ['probeWithoutData'],
  },
  {
    name: 'no readings at all: no data',
    standard: 'epaPfrp',
    method: 'inVessel',
    spots: [{ sensor_id: 'C1', readings: [] }],
    verdict: 'noData',
    notes: ['probeWithoutData'],
  },
];

describe('the sanitisation report', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got = judgeSanitisation({
      standard: c.standard,
      method: c.method,
      spots: c.spots,
      turnings: c.turnings ?? [],
    });
    expect(got.verdict).toBe(c.verdict);
    if (c.proven) expect(got.requirements.filter((r) => r.proven).map((r) => r.id)).toEqual(c.proven);
    if (c.hours !== undefined) expect(got.requirements[0]?.period?.seconds).toBe(c.hours * H);
    if (c.notes) expect(got.notes).toEqual(c.notes);
  });

  it('judges a probe by its coldest depth', () => {
    const readings = hourly([[days(4), 60]]).map((r) => ({ ...r, temps: [700, 680, 520] }));
    const got = judgeSanitisation({
      standard: 'epaPfrp',
      method: 'inVessel',
      spots: [{ sensor_id: 'C1', readings }],
      turnings: [],
    });
    expect(got.verdict).toBe('notProven');
    // A depth that did not measure is left out, not counted as cold.
    const partly = readings.map((r) => ({ ...r, temps: [700, 680, null] }));
    expect(
      judgeSanitisation({
        standard: 'epaPfrp',
        method: 'inVessel',
        spots: [{ sensor_id: 'C1', readings: partly }],
        turnings: [],
      }).verdict,
    ).toBe('proven');
  });

  it('reports the proving period, each spot on its own, and the window of the data', () => {
    const got = judgeSanitisation({
      standard: 'epaPfrp',
      method: 'inVessel',
      spots: [
        spot('C1', [
          [10, 40],
          [days(4), 60],
        ]),
        spot('C2', [
          [10, 40],
          [days(2), 60],
          [days(2), 50],
        ]),
      ],
      turnings: [],
    });
    expect(got.verdict).toBe('notProven');
    expect(got.probes.map((p) => [p.sensor_id, p.proven])).toEqual([
      ['C1', true],
      ['C2', false],
    ]);
    expect(got.probes[1]?.period).toMatchObject({
      from: at(10),
      to: at(10 + 47),
      seconds: 47 * H,
      minTemp: 600,
    });
    expect(got.requirements[0]?.period).toMatchObject({ from: at(10), to: at(57) });
    expect(got.from).toBe(T0);
    expect(got.to).toBe(at(10 + days(4) - 1));
  });

  it('counts only the turnings inside the period', () => {
    const got = judgeSanitisation({
      standard: 'pas100',
      method: 'windrow',
      spots: [
        spot('C1', [
          [days(1), 40],
          [days(8), 66],
        ]),
      ],
      // The first is before the pile got hot: it does not count.
      turnings: [at(5), at(48)],
    });
    expect(got.verdict).toBe('notProven');
    expect(got.requirements[0]?.period?.turnings).toBe(1);
  });
});

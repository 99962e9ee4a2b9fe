import type { VerifixData } from '@emberwatch/shared/contracts/verification';
import { displayTemperature, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { pairReadings } from '@emberwatch/shared/domain/verification/calibration';
import { DEPTH_COLOURS, type ChartData } from '../../ui/charts/buildChartData';

/** The three series' legend names (translated by the caller). */
export interface VerificationChartLabels {
  probe: string;
  reference: string;
  difference: string;
}

/** The difference series' colour: none of the depth colours, so it is not read as a temperature. */
export const DIFFERENCE_COLOUR = '#455a64';

/**
 * The history chart's columns for a verification (decision 0114): the verified probe's and the
 * reference probe's temperatures in the user's unit on one time column, and the difference
 * verified − reference at each paired reading (the pairs the result is computed from), converted as
 * a difference (× 9/5 in °F, no offset). Each series is read at its own times, so the lines join
 * over the other's points.
 */
export function verificationChartData(
  data: Pick<VerifixData, 'data1' | 'data2'>,
  unit: DegreesUnit,
  labels: VerificationChartLabels,
): ChartData {
  const pairs = pairReadings(
    data.data1.map((r) => ({ b: r.b, h: r.h / 10 })),
    data.data2.map((r) => ({ b: r.b, h: r.h / 10 })),
  );
  const xs = [...new Set([...data.data1, ...data.data2].map((r) => r.b))].sort((a, b) => a - b);
  const at = new Map(xs.map((x, i) => [x, i]));
  const column = (): (number | null)[] => xs.map(() => null);
  const probe = column();
  const reference = column();
  const difference = column();
  for (const r of data.data1) probe[at.get(r.b) ?? 0] = displayTemperature(r.h, unit);
  for (const r of data.data2) reference[at.get(r.b) ?? 0] = displayTemperature(r.h, unit);
  for (const p of pairs)
    difference[at.get(p.b) ?? 0] = Math.round((unit === 'F' ? (p.diff * 9) / 5 : p.diff) * 100) / 100;
  return {
    columns: [xs, probe, reference, difference],
    series: [
      {
        kind: 'depth',
        depth: 0,
        colour: DEPTH_COLOURS[0],
        dashed: false,
        label: labels.probe,
        joinGaps: true,
      },
      {
        kind: 'depth',
        depth: 1,
        colour: DEPTH_COLOURS[2],
        dashed: false,
        label: labels.reference,
        joinGaps: true,
      },
      {
        kind: 'difference',
        depth: -1,
        colour: DIFFERENCE_COLOUR,
        dashed: true,
        label: labels.difference,
        joinGaps: true,
      },
    ],
  };
}

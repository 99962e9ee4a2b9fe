import type { ChartPoint } from '@emberwatch/shared/contracts/probeData';
import { batteryVolts, VOLTAGE_AXIS_CV } from '@emberwatch/shared/domain/batteryVolts';
import { dedupePoints } from '@emberwatch/shared/domain/dedupePoints';
import {
  celsiusToFahrenheit,
  displayTemperature,
  type DegreesUnit,
} from '@emberwatch/shared/domain/temperature';

/** Spec doc 2 §9: four fixed depth colours, handle first (a fifth depth and on reuse them dashed). */
export const DEPTH_COLOURS = ['#d32f2f', '#f57c00', '#1976d2', '#2e7d32'] as const;
export const SIGNAL_COLOUR = '#6a1b9a';
export const BS_SIGNAL_COLOUR = '#ab47bc';
export const VOLTAGE_COLOUR = '#00838f';
export const HUMIDITY_COLOUR = '#5d4037';
/** The alert line: a colour no series uses, so it is never mistaken for a depth. */
export const ALERT_COLOUR = '#c2185b';

/** Spec doc 2 §9 default axes: temperature 20–60 (°C), signal −120…−20 dBm, voltage 250–400 /100 V, humidity 0–100 %. */
export const DEFAULT_TEMPERATURE_AXIS_C: readonly [number, number] = [20, 60];
export const SIGNAL_AXIS_DBM: readonly [number, number] = [-120, -20];
export const VOLTAGE_AXIS_V: readonly [number, number] = [VOLTAGE_AXIS_CV[0] / 100, VOLTAGE_AXIS_CV[1] / 100];
export const HUMIDITY_AXIS_PCT: readonly [number, number] = [0, 100];

/** 'difference' is a temperature difference (one probe minus another) on its own axis, centred on 0. */
export type SeriesKind = 'depth' | 'signal' | 'bsSignal' | 'voltage' | 'humidity' | 'difference';

export interface SeriesMeta {
  kind: SeriesKind;
  /** Depth index for 'depth' series. */
  depth: number;
  colour: string;
  dashed: boolean;
  /** The legend's name when the kind alone does not say it (e.g. which probe a temperature is). */
  label?: string;
  /** Draw across missing values: series read at different times share one x column. */
  joinGaps?: boolean;
}

export interface ExtraAxes {
  signal: boolean;
  voltage: boolean;
  humidity: boolean;
}

export interface ChartData {
  /** x (epoch seconds), then one array per series in `series` order. */
  columns: [number[], ...(number | null)[][]];
  series: SeriesMeta[];
}

/** Sorted by time, then spec doc 2 §9: points closer than 60 s to the previous kept one are dropped. */
export function chartPoints(points: readonly ChartPoint[]): ChartPoint[] {
  return dedupePoints(
    [...points].sort((a, b) => a.b - b.b),
    (p) => p.b,
  );
}

export function depthCountOf(points: readonly ChartPoint[], declared: number): number {
  return Math.max(declared, 1, ...points.map((p) => p.hh.length));
}

/** The chart's columns in the user's unit: every depth (handle first), then the axes the user switched on. */
export function buildChartData(
  points: readonly ChartPoint[],
  declaredDepths: number,
  unit: DegreesUnit,
  extra: ExtraAxes,
): ChartData {
  const kept = chartPoints(points);
  const depths = depthCountOf(kept, declaredDepths);
  const series: SeriesMeta[] = [];
  const columns: (number | null)[][] = [];
  for (let d = 0; d < depths; d++) {
    series.push({
      kind: 'depth',
      depth: d,
      colour: DEPTH_COLOURS[d % DEPTH_COLOURS.length] ?? DEPTH_COLOURS[0],
      dashed: d >= DEPTH_COLOURS.length,
    });
    columns.push(
      kept.map((p) => {
        const v = p.hh.length > 0 ? p.hh[d] : d === 0 ? p.h : undefined;
        return v === undefined || v === null ? null : displayTemperature(v, unit);
      }),
    );
  }
  const add = (kind: SeriesKind, colour: string, values: (number | null)[]) => {
    series.push({ kind, depth: -1, colour, dashed: kind === 'bsSignal' });
    columns.push(values);
  };
  if (extra.signal) {
    add(
      'signal',
      SIGNAL_COLOUR,
      kept.map((p) => p.f ?? null),
    );
    add(
      'bsSignal',
      BS_SIGNAL_COLOUR,
      kept.map((p) => p.g ?? null),
    );
  }
  if (extra.voltage)
    add(
      'voltage',
      VOLTAGE_COLOUR,
      kept.map((p) => batteryVolts(p.e)),
    );
  if (extra.humidity)
    add(
      'humidity',
      HUMIDITY_COLOUR,
      kept.map((p) => p.k ?? null),
    );
  return { columns: [kept.map((p) => p.b), ...columns], series };
}

/** The temperature axis range in the user's unit, from a °C setting (spec doc 2 §9 default 20–60). */
export function temperatureAxis(scaleC: readonly [number, number], unit: DegreesUnit): [number, number] {
  const [lo, hi] = scaleC;
  return unit === 'C' ? [lo, hi] : [Math.round(celsiusToFahrenheit(lo)), Math.round(celsiusToFahrenheit(hi))];
}

/** The axis grows to show every value: a heat spike above the preferred range must stay visible. */
export function rangeCovering(
  preferred: readonly [number, number],
  dataMin: number | null | undefined,
  dataMax: number | null | undefined,
): [number, number] {
  const lo = dataMin === null || dataMin === undefined || Number.isNaN(dataMin) ? preferred[0] : dataMin;
  const hi = dataMax === null || dataMax === undefined || Number.isNaN(dataMax) ? preferred[1] : dataMax;
  return [Math.min(preferred[0], Math.floor(lo)), Math.max(preferred[1], Math.ceil(hi))];
}

/** The user's alert temperature (°C setting) in the chart's unit, rounded like the readings. */
export function alertInUnit(alertC: number, unit: DegreesUnit): number {
  return displayTemperature(Math.round(alertC * 10), unit);
}

/** The temperature axis: the preferred range, grown to show every value and the alert line. */
export function temperatureRange(
  preferred: readonly [number, number],
  alert: number | null,
  dataMin: number | null | undefined,
  dataMax: number | null | undefined,
): [number, number] {
  const [lo, hi] = rangeCovering(preferred, dataMin, dataMax);
  if (alert === null || !Number.isFinite(alert)) return [lo, hi];
  return [Math.min(lo, Math.floor(alert)), Math.max(hi, Math.ceil(alert))];
}

/** The index of the last point that has a value in any series (what the legend shows without a cursor). */
export function lastIndexWithValue(data: ChartData): number | null {
  const [xs, ...cols] = data.columns;
  for (let i = xs.length - 1; i >= 0; i--)
    if (cols.some((c) => c[i] !== null && c[i] !== undefined)) return i;
  return null;
}

/**
 * A series' value as the legend shows it at `idx`: the value there, or, for a series whose line joins
 * over the other series' times (`joinGaps`), its latest value at or before `idx` — the reading the
 * line is drawn from. So two probes read a minute apart each show their latest reading, not "--"
 * at the other's time.
 */
export function legendValueAt(data: ChartData, seriesIndex: number, idx: number | null): number | null {
  if (idx === null) return null;
  const column = data.columns[seriesIndex + 1];
  if (!column) return null;
  const own = column[idx];
  if (own !== null && own !== undefined) return own;
  if (!data.series[seriesIndex]?.joinGaps) return null;
  for (let i = idx - 1; i >= 0; i--) {
    const v = column[i];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

/** The difference axis: centred on 0 and at least ±1, so a small offset is not drawn as a big one. */
export function differenceRange(
  dataMin: number | null | undefined,
  dataMax: number | null | undefined,
): [number, number] {
  const abs = (v: number | null | undefined) =>
    v === null || v === undefined || Number.isNaN(v) ? 0 : Math.abs(v);
  const m = Math.max(1, Math.ceil(Math.max(abs(dataMin), abs(dataMax))));
  return [-m, m];
}

import type { ExportReading } from '@emberwatch/shared/contracts/export';
import { displayTemperature, type DegreesUnit } from '@emberwatch/shared/domain/temperature';

/** A probe of the export, in the order its sheets and rows come. */
export interface ExportProbe {
  id: string;
  name: string | null;
}

/** Spec doc 3 §4: one sheet per probe, or one long sheet of every probe. */
export type SheetLayout = 'perProbe' | 'oneSheet';

/** The translated column headings and sheet name (so the builder stays free of i18n). */
export interface SheetLabels {
  time: string;
  probe: string;
  probeName: string;
  /** Heading of depth n (1 = the handle), with the unit. */
  depth: (n: number, unit: DegreesUnit) => string;
  allProbes: string;
}

export type SheetCell = Date | number | string | null;

export interface SheetModel {
  name: string;
  header: string[];
  rows: SheetCell[][];
  /** Which column holds the measurement time (formatted as a date). */
  timeColumn: number;
}

/** Excel's limits: 1,048,576 rows a sheet (one of them the header), 31 characters a sheet name. */
export const EXCEL_MAX_DATA_ROWS = 1_048_575;
const SHEET_NAME_MAX = 31;
const SHEET_NAME_UNSAFE = /[[\]:*?/\\]+/g;

/**
 * A measurement time as the wall-clock time where the user is, written as a zone-less date: a
 * spreadsheet has no time zones, and the rows should read as the app shows them.
 */
export function localWallClock(epochSeconds: number): Date {
  const offsetMin = new Date(epochSeconds * 1000).getTimezoneOffset();
  return new Date((epochSeconds - offsetMin * 60) * 1000);
}

/** A sheet name Excel accepts (no []:*?/\, at most 31 characters, not blank) and not yet taken. */
export function uniqueSheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted.replace(SHEET_NAME_UNSAFE, ' ').replace(/\s+/g, ' ').trim().replace(/^'|'$/g, '') || 'Sheet';
  let name = base.slice(0, SHEET_NAME_MAX).trim();
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = base.slice(0, SHEET_NAME_MAX - suffix.length).trim() + suffix;
  }
  taken.add(name.toLowerCase());
  return name;
}

function temperatures(hh: readonly number[], depths: number, unit: DegreesUnit): (number | null)[] {
  const out: (number | null)[] = [];
  for (let i = 0; i < depths; i++) {
    const v = hh[i];
    out.push(v === undefined ? null : displayTemperature(v, unit));
  }
  return out;
}

function depthHeaders(depths: number, unit: DegreesUnit, labels: SheetLabels): string[] {
  return Array.from({ length: depths }, (_, i) => labels.depth(i + 1, unit));
}

function deepest(readings: readonly ExportReading[]): number {
  let n = 1;
  for (const r of readings) if (r.hh.length > n) n = r.hh.length;
  return n;
}

/**
 * The export's sheets from the readings (tenths of °C, by probe then time): times as dates, every
 * depth in the user's unit with one decimal, a missing depth left empty. One sheet per probe (named
 * by id and name, a probe without readings keeps its empty sheet), or one long sheet of probe, name,
 * time and depths, continued on further sheets past Excel's row limit.
 */
export function buildSheets(
  readings: readonly ExportReading[],
  probes: readonly ExportProbe[],
  layout: SheetLayout,
  unit: DegreesUnit,
  labels: SheetLabels,
  maxRows: number = EXCEL_MAX_DATA_ROWS,
): SheetModel[] {
  const taken = new Set<string>();
  const names = new Map(probes.map((p) => [p.id, p.name ?? '']));
  if (layout === 'perProbe') {
    const byProbe = new Map<string, ExportReading[]>(probes.map((p) => [p.id, []]));
    for (const r of readings) byProbe.get(r.a)?.push(r);
    return probes.map((p) => {
      const own = byProbe.get(p.id) ?? [];
      const depths = deepest(own);
      return {
        name: uniqueSheetName(p.name ? `${p.id} ${p.name}` : p.id, taken),
        header: [labels.time, ...depthHeaders(depths, unit, labels)],
        rows: own.map((r) => [localWallClock(r.b), ...temperatures(r.hh, depths, unit)]),
        timeColumn: 0,
      };
    });
  }
  const known = new Set(probes.map((p) => p.id));
  const depths = deepest(readings);
  const header = [labels.probe, labels.probeName, labels.time, ...depthHeaders(depths, unit, labels)];
  const sheets: SheetModel[] = [];
  let rows: SheetCell[][] = [];
  const close = () => {
    sheets.push({ name: uniqueSheetName(labels.allProbes, taken), header, rows, timeColumn: 2 });
    rows = [];
  };
  for (const r of readings) {
    if (!known.has(r.a)) continue;
    if (rows.length === maxRows) close();
    rows.push([r.a, names.get(r.a) ?? '', localWallClock(r.b), ...temperatures(r.hh, depths, unit)]);
  }
  close();
  return sheets;
}

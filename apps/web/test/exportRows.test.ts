import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportReading } from '@emberwatch/shared/contracts/export';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { excelDateFormat } from '../src/features/export/excelDateFormat';
import { exportEntryOf } from '../src/features/export/exportEntry';
import { exportFileName } from '../src/features/export/exportFileName';
import {
  chunksOf,
  defaultExportPeriod,
  periodBounds,
  periodProblem,
  splitWindows,
} from '../src/features/export/exportPeriod';
import {
  buildSheets,
  localWallClock,
  uniqueSheetName,
  type SheetLabels,
} from '../src/features/export/exportSheets';

const labels: SheetLabels = {
  time: 'Time',
  probe: 'Probe',
  probeName: 'Name',
  depth: (n, unit) => `Depth ${n} (°${unit})`,
  allProbes: 'All probes',
};

const T0 = Date.UTC(2026, 10, 1, 12, 0) / 1000;
const r = (a: string, i: number, hh: number[]): ExportReading => ({ a, b: T0 + i * 3600, h: hh[0]!, hh });

const readings = [
  r('H10001', 0, [215, 300, 451]),
  r('H10001', 1, [216, 301]),
  r('H10002', 0, [-12]),
  r('H10002', 1, [0, 5]),
];
const probes = [
  { id: 'H10001', name: 'North wall' },
  { id: 'H10002', name: null },
  { id: 'H10003', name: 'Spare' },
];

describe('export sheets', () => {
  it('one sheet per probe: its times and every depth in °C with one decimal, a missing depth empty', () => {
    const sheets = buildSheets(readings, probes, 'perProbe', 'C', labels);
    expect(sheets.map((s) => s.name)).toEqual(['H10001 North wall', 'H10002', 'H10003 Spare']);
    expect(sheets[0]!.header).toEqual(['Time', 'Depth 1 (°C)', 'Depth 2 (°C)', 'Depth 3 (°C)']);
    expect(sheets[0]!.rows).toEqual([
      [localWallClock(T0), 21.5, 30, 45.1],
      [localWallClock(T0 + 3600), 21.6, 30.1, null],
    ]);
    expect(sheets[1]!.rows).toEqual([
      [localWallClock(T0), -1.2, null],
      [localWallClock(T0 + 3600), 0, 0.5],
    ]);
    // A probe without readings keeps its sheet, header only.
    expect(sheets[2]).toMatchObject({ header: ['Time', 'Depth 1 (°C)'], rows: [] });
  });

  it.each([
    ['C', 215, 21.5],
    ['F', 215, 70.7],
    ['F', -400, -40],
    ['F', 0, 32],
    ['C', -12, -1.2],
  ] as const)('a reading in °%s: %i tenths of °C is %d', (unit, tenths, shown) => {
    const [sheet] = buildSheets([r('H1', 0, [tenths])], [{ id: 'H1', name: null }], 'perProbe', unit, labels);
    expect(sheet!.header[1]).toBe(`Depth 1 (°${unit})`);
    expect(sheet!.rows[0]![1]).toBe(shown);
  });

  it('one long sheet: probe, name and time before the depths, by probe then time', () => {
    const [sheet, ...more] = buildSheets(readings, probes, 'oneSheet', 'F', labels);
    expect(more).toEqual([]);
    expect(sheet!.name).toBe('All probes');
    expect(sheet!.timeColumn).toBe(2);
    expect(sheet!.header).toEqual(['Probe', 'Name', 'Time', 'Depth 1 (°F)', 'Depth 2 (°F)', 'Depth 3 (°F)']);
    expect(sheet!.rows.map((row) => row.slice(0, 2))).toEqual([
      ['H10001', 'North wall'],
      ['H10001', 'North wall'],
      ['H10002', ''],
      ['H10002', ''],
    ]);
    expect(sheet!.rows[0]!.slice(3)).toEqual([70.7, 86, 113.2]);
    expect(sheet!.rows[2]!.slice(3)).toEqual([29.8, null, null]);
  });

  it('continues the long sheet on a new sheet past the row limit, and leaves out unknown probes', () => {
    const many = [...readings, r('X99999', 5, [100])];
    const sheets = buildSheets(many, probes, 'oneSheet', 'C', labels, 3);
    expect(sheets.map((s) => [s.name, s.rows.length])).toEqual([
      ['All probes', 3],
      ['All probes (2)', 1],
    ]);
  });

  it.each([
    ['Barn [north]: bay 1/2', 'Barn north bay 1 2'],
    ['A very long probe name that will not fit in a sheet name', 'A very long probe name that wil'],
    ['   ', 'Sheet'],
    ["'quoted'", 'quoted'],
  ])('sheet name of %j is %j', (wanted, name) => {
    expect(uniqueSheetName(wanted, new Set())).toBe(name);
  });

  it('numbers a sheet name already taken, whatever its case, and keeps it within 31 characters', () => {
    const taken = new Set<string>();
    expect(uniqueSheetName('Probe', taken)).toBe('Probe');
    expect(uniqueSheetName('probe', taken)).toBe('probe (2)');
    expect(uniqueSheetName('PROBE', taken)).toBe('PROBE (3)');
    const long = 'x'.repeat(40);
    expect(uniqueSheetName(long, taken)).toHaveLength(31);
    expect(uniqueSheetName(long, taken)).toBe(`${'x'.repeat(27)} (2)`);
  });

  it('writes times as the wall clock of the user’s zone (a spreadsheet has none)', () => {
    const d = localWallClock(T0);
    const local = new Date(T0 * 1000);
    expect([d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]).toEqual(
      [local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes()],
    );
  });
});

describe('export file name', () => {
  it.each([
    ['North barn', '2026-10-25', '2026-11-23', 'North barn 2026-10-25 – 2026-11-23.xlsx'],
    ['Bay 1/2: "hay"', '2026-11-01', '2026-11-02', 'Bay 1 2 hay 2026-11-01 – 2026-11-02.xlsx'],
    ['Barn', '2026-11-23', '2026-11-23', 'Barn 2026-11-23.xlsx'],
    ['', '2026-11-01', '2026-11-30', 'export 2026-11-01 – 2026-11-30.xlsx'],
    ['..hidden', '2026-11-01', '2026-11-30', 'hidden 2026-11-01 – 2026-11-30.xlsx'],
    ['a\tb\nc', '2026-11-01', '2026-11-30', 'a b c 2026-11-01 – 2026-11-30.xlsx'],
  ])('%j from %s to %s is %j', (name, fromDay, toDay, file) => {
    expect(exportFileName(name, { fromDay, toDay })).toBe(file);
  });

  it('keeps a long storage name to 80 characters', () => {
    expect(exportFileName('n'.repeat(200), { fromDay: '2026-11-01', toDay: '2026-11-02' })).toBe(
      `${'n'.repeat(80)} 2026-11-01 – 2026-11-02.xlsx`,
    );
  });
});

describe('excel date format', () => {
  it.each([
    ['d.M.yyyy', 'HH:mm', 'd.m.yyyy hh:mm'],
    ['dd/MM/yyyy', 'HH:mm', 'dd/mm/yyyy hh:mm'],
    ['d/M/yyyy', 'hh:mm a', 'd/m/yyyy h:mm AM/PM'],
    ['MM/dd/yyyy', 'hh:mm a', 'mm/dd/yyyy h:mm AM/PM'],
    ['M/d/yyyy', 'HH:mm', 'm/d/yyyy hh:mm'],
    ['nonsense', 'nonsense', 'd.m.yyyy hh:mm'],
  ])('%s %s is %s', (date, time, excel) => {
    expect(excelDateFormat(date, time)).toBe(excel);
  });
});

describe('export period', () => {
  const now = new Date(2026, 10, 23, 15, 30).getTime() / 1000;

  it('defaults to the last 30 days, today included', () => {
    expect(defaultExportPeriod(now)).toEqual({ fromDay: '2026-10-25', toDay: '2026-11-23' });
  });

  it.each([
    [{ fromDay: '2026-10-25', toDay: '2026-11-23' }, null],
    [{ fromDay: '2026-11-24', toDay: '2026-11-23' }, 'order'],
    [{ fromDay: '2025-11-22', toDay: '2026-11-23' }, null],
    [{ fromDay: '2025-11-21', toDay: '2026-11-23' }, 'tooEarly'],
    [{ fromDay: '2026-11-24', toDay: '2026-11-25' }, 'future'],
  ])('%j: %s', (period, problem) => {
    expect(periodProblem(period, now)).toBe(problem);
  });

  it('runs from the first local midnight to the last second of the last day, never past now', () => {
    expect(periodBounds({ fromDay: '2026-11-01', toDay: '2026-11-02' }, now)).toEqual({
      fromTS: new Date(2026, 10, 1).getTime() / 1000,
      toTS: new Date(2026, 10, 3).getTime() / 1000 - 1,
    });
    expect(periodBounds({ fromDay: '2026-11-20', toDay: '2026-11-23' }, now).toTS).toBe(now);
  });

  it.each([
    [0, 9, 10, [[0, 9]]],
    [0, 10, 10, [[0, 10]]],
    [
      0,
      11,
      10,
      [
        [0, 10],
        [11, 11],
      ],
    ],
    [
      0,
      25,
      10,
      [
        [0, 10],
        [11, 21],
        [22, 25],
      ],
    ],
  ])('windows of %i…%i at most %i apart', (from, to, max, windows) => {
    expect(splitWindows(from, to, max).map((w) => [w.fromTS, w.toTS])).toEqual(windows);
  });

  it('groups probes for the calls', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 2)).toEqual([]);
  });
});

describe('who gets the panel and who the button', () => {
  const plan = (planName: string) => ({
    plans: [{ planName, expired: false, segment: null }] as unknown as RoleContext['plans'],
  });
  it.each([
    ['Supervisor', 600, 'panel'],
    ['Supervisor', 1200, 'panel'],
    ['Supervisor', 599, 'button'],
    ['Grain Supervisor', 800, 'panel'],
    ['Premium', 1200, 'button'],
    ['INSIGHT', 1200, 'button'],
    ['Free', 1200, 'button'],
  ])('%s at %i wide: %s', (planName, width, entry) => {
    expect(exportEntryOf(plan(planName), width)).toBe(entry);
  });
  it('a user without a plan (an admin, a sub-user) gets the button', () => {
    expect(exportEntryOf({ plans: [] }, 1200)).toBe('button');
  });
});

describe('the spreadsheet writer stays out of the initial bundle', () => {
  const src = resolve(import.meta.dirname, '../src');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.(ts|tsx)$/.test(f));
  const importing = (what: string) => files.filter((f) => readFileSync(join(src, f), 'utf8').includes(what));

  it('is reached only through dynamic import()s in the workbook builder', () => {
    const builder = join('features', 'export', 'buildWorkbook.ts');
    expect(importing("'./writeXlsx'")).toEqual([builder]);
    expect(importing("'fflate'")).toEqual([join('features', 'export', 'writeXlsx.ts')]);
    const text = readFileSync(join(src, builder), 'utf8');
    expect(text).toContain("await import('./writeXlsx')");
    expect(text).not.toMatch(/^import .*'(fflate|\.\/writeXlsx)'/m);
  });

  it('no longer uses exceljs in the app (the tests read files back with it)', () => {
    expect(importing("'exceljs'")).toEqual([]);
  });
});

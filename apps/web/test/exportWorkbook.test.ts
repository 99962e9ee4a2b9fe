import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ExportReading } from '@emberwatch/shared/contracts/export';
import { localWallClock, type SheetLabels } from '../src/features/export/exportSheets';
import { runExport, type LoadReadings } from '../src/features/export/runExport';

const labels: SheetLabels = {
  time: 'Time',
  probe: 'Probe',
  probeName: 'Name',
  depth: (n, unit) => `Depth ${n} (°${unit})`,
  allProbes: 'All probes',
};

const now = new Date(2026, 10, 23, 15, 30).getTime() / 1000;
const period = { fromDay: '2026-09-01', toDay: '2026-11-23' };
const probes = [
  { id: 'H10001', name: 'North wall' },
  { id: 'H10002', name: 'Centre' },
];

/** A fake server: hourly readings of each probe asked for, in the window asked for, by probe then time. */
function fakeLoad(calls: { sensorIDs: string[]; fromTS: number; toTS: number }[]): LoadReadings {
  return (q) => {
    calls.push(q);
    const out: ExportReading[] = [];
    for (const a of q.sensorIDs) {
      const base = a === 'H10001' ? 200 : 300;
      const start = Math.ceil(q.fromTS / 3600) * 3600;
      for (let b = start; b <= q.toTS; b += 3600) {
        const hh = [base + ((b / 3600) % 10), base + 50];
        out.push({ a, b, h: hh[0]!, hh });
      }
    }
    return Promise.resolve(out);
  };
}

async function readBack(data: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  return wb;
}

describe('the export workbook read back', () => {
  it('one sheet per probe in °F: real dates in the user’s format, temperatures, every reading of the period', async () => {
    const calls: { sensorIDs: string[]; fromTS: number; toTS: number }[] = [];
    const progress: number[] = [];
    const file = await runExport(
      {
        storageName: 'North barn',
        probes,
        period,
        layout: 'perProbe',
        unit: 'F',
        dateFormat: 'M/d/yyyy',
        timeFormat: 'hh:mm a',
        labels,
        nowS: now,
      },
      fakeLoad(calls),
      { onProgress: (p) => progress.push(p) },
    );
    expect(file.fileName).toBe('North barn 2026-09-01 – 2026-11-23.xlsx');
    // 84 days in windows of at most 31 days: three calls for the two probes.
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.toTS - c.fromTS <= 31 * 86_400)).toBe(true);
    expect(calls[0]!.fromTS).toBe(new Date(2026, 8, 1).getTime() / 1000);
    expect(calls.at(-1)!.toTS).toBe(now);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const wb = await readBack(file.data);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['H10001 North wall', 'H10002 Centre']);
    const ws = wb.getWorksheet('H10001 North wall')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Time', 'Depth 1 (°F)', 'Depth 2 (°F)']);
    const first = Math.ceil(new Date(2026, 8, 1).getTime() / 1000 / 3600) * 3600;
    const hours = Math.floor((now - first) / 3600) + 1;
    expect(ws.rowCount).toBe(hours + 1);
    const row2 = ws.getRow(2);
    expect(row2.getCell(1).value).toEqual(localWallClock(first));
    expect(row2.getCell(1).numFmt).toBe('m/d/yyyy h:mm AM/PM');
    const tenths = 200 + ((first / 3600) % 10);
    expect(row2.getCell(2).value).toBe(Math.round((((tenths / 10) * 9) / 5) * 10 + 320) / 10);
    expect(row2.getCell(3).value).toBe(77); // 25.0 °C
    expect(row2.getCell(2).numFmt).toBe('0.0');
    const last = ws.getRow(ws.rowCount);
    expect(last.getCell(1).value).toEqual(localWallClock(Math.floor(now / 3600) * 3600));
  });

  it('one long sheet in °C with the probe and its name on each row', async () => {
    const file = await runExport(
      {
        storageName: 'Bay 1/2',
        probes,
        period: { fromDay: '2026-11-22', toDay: '2026-11-22' },
        layout: 'oneSheet',
        unit: 'C',
        dateFormat: 'dd/MM/yyyy',
        timeFormat: 'HH:mm',
        labels,
        nowS: now,
      },
      fakeLoad([]),
    );
    expect(file.fileName).toBe('Bay 1 2 2026-11-22.xlsx');
    const wb = await readBack(file.data);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['All probes']);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(1 + 2 * 24);
    expect(ws.getRow(1).values).toEqual([undefined, 'Probe', 'Name', 'Time', 'Depth 1 (°C)', 'Depth 2 (°C)']);
    const midnight = new Date(2026, 10, 22).getTime() / 1000;
    expect(ws.getRow(2).values).toEqual([
      undefined,
      'H10001',
      'North wall',
      localWallClock(midnight),
      (200 + ((midnight / 3600) % 10)) / 10,
      25,
    ]);
    expect(ws.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(ws.getRow(26).getCell(1).value).toBe('H10002');
    expect(ws.getRow(26).getCell(5).value).toBe(35);
  });
});

import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  columnName,
  escapeXml,
  excelSerial,
  SharedStrings,
  sheetBytes,
  zipWorkbook,
} from '../src/features/export/writeXlsx';
import type { SheetModel } from '../src/features/export/exportSheets';

describe('the .xlsx writer (decision 0041)', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('names column %i %s', (index, name) => {
    expect(columnName(index)).toBe(name);
  });

  it('escapes XML and drops the characters XML cannot hold', () => {
    expect(escapeXml('Barn <"A"> & B\u0001\u0008')).toBe('Barn &lt;&quot;A&quot;&gt; &amp; B');
  });

  it("writes dates as Excel's serial days", () => {
    expect(excelSerial(new Date(Date.UTC(1970, 0, 1)))).toBe(25569);
    expect(excelSerial(new Date(Date.UTC(2026, 10, 24, 12)))).toBe(46350.5);
  });

  it('gives a file Excel readers open: formats, bold frozen header, widths, text, gaps and names kept', async () => {
    const when = new Date(Date.UTC(2026, 10, 24, 6, 30));
    const sheets: SheetModel[] = [
      {
        name: 'North & "wall" <1>',
        header: ['Probe', 'Name', 'Time', 'Depth 1 (°C)', 'Depth 2 (°C)'],
        rows: [
          ['H10001', 'Kärnä & co <west>', when, 21.5, null],
          ['H10001', '', new Date(when.getTime() + 3_600_000), -3.2, 40],
        ],
        timeColumn: 2,
      },
      { name: 'Empty', header: ['Time', 'Depth 1 (°F)'], rows: [], timeColumn: 0 },
    ];
    const shared = new SharedStrings();
    const zipped = zipWorkbook(
      sheets.map((s) => s.name),
      sheets.map((s) => sheetBytes(s, shared)),
      shared,
      { dateFormat: 'd.m.yyyy hh:mm' },
    );
    // Each text once: the probe id of both rows is one shared string.
    expect(shared.list.filter((t) => t === 'H10001')).toHaveLength(1);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength) as ArrayBuffer,
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['North & "wall" <1>', 'Empty']);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Probe', 'Name', 'Time', 'Depth 1 (°C)', 'Depth 2 (°C)']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(3).width).toBe(18);
    expect(ws.getColumn(4).width).toBe(14);
    const row = ws.getRow(2);
    expect(row.getCell(2).value).toBe('Kärnä & co <west>');
    expect((row.getCell(3).value as Date).getTime()).toBe(when.getTime());
    expect(row.getCell(3).numFmt).toBe('d.m.yyyy hh:mm');
    expect(row.getCell(4).value).toBe(21.5);
    expect(row.getCell(4).numFmt).toBe('0.0');
    expect(row.getCell(5).value).toBeNull();
    // An empty name is an empty cell.
    expect(ws.getRow(3).getCell(2).value).toBeNull();
    expect(ws.getRow(3).getCell(5).value).toBe(40);
    expect(ws.rowCount).toBe(3);
    expect(wb.worksheets[1]!.rowCount).toBe(1);
  });
});

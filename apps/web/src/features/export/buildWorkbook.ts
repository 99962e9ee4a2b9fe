import type { SheetModel } from './exportSheets';

/** Temperatures with their one decimal (spec doc 3 §9). */
const TEMPERATURE_FORMAT = '0.0';

/** Lets the page paint the progress and hear a cancel between sheets. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface BuildOptions {
  /** Excel number format of the time column (excelDateFormat). */
  dateFormat: string;
  /** Called with the share done, 0…1, after each sheet. */
  onProgress?: (done: number) => void;
  /** Stops between sheets (the result would be thrown away). */
  isCancelled?: () => boolean;
}

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
    this.name = 'ExportCancelled';
  }
}

/**
 * The .xlsx file of the sheets, written with exceljs. exceljs is fetched only here, when a user
 * exports, so that it stays out of the initial bundle (its browser build is about 250 kB gzipped).
 */
export async function buildWorkbook(sheets: readonly SheetModel[], opts: BuildOptions): Promise<ArrayBuffer> {
  const mod = await import('exceljs');
  // The browser build is a CommonJS bundle: its namespace may sit behind `default`.
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Emberwatch';
  workbook.created = new Date();
  let done = 0;
  for (const sheet of sheets) {
    if (opts.isCancelled?.()) throw new ExportCancelled();
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.header.map((header, i) => ({
      header,
      width: i === sheet.timeColumn ? 18 : Math.max(12, header.length + 2),
      // Columns before the time name the probe; those after it are temperatures.
      style:
        i < sheet.timeColumn ? {} : { numFmt: i === sheet.timeColumn ? opts.dateFormat : TEMPERATURE_FORMAT },
    }));
    ws.getRow(1).font = { bold: true };
    ws.addRows(sheet.rows);
    done++;
    opts.onProgress?.((done / sheets.length) * 0.5);
    await yieldToPage();
  }
  if (opts.isCancelled?.()) throw new ExportCancelled();
  const buffer = await workbook.xlsx.writeBuffer();
  opts.onProgress?.(1);
  return buffer;
}

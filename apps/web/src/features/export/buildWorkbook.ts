import type { SheetModel } from './exportSheets';

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
 * The .xlsx file of the sheets (writeXlsx: SpreadsheetML strings zipped with fflate). The writer is
 * fetched only here, when a user exports, so that it stays out of the initial bundle.
 */
export async function buildWorkbook(sheets: readonly SheetModel[], opts: BuildOptions): Promise<ArrayBuffer> {
  const { SharedStrings, sheetBytes, zipWorkbook } = await import('./writeXlsx');
  const shared = new SharedStrings();
  const written: Uint8Array[] = [];
  for (const sheet of sheets) {
    if (opts.isCancelled?.()) throw new ExportCancelled();
    written.push(sheetBytes(sheet, shared));
    opts.onProgress?.((written.length / sheets.length) * 0.9);
    await yieldToPage();
  }
  if (opts.isCancelled?.()) throw new ExportCancelled();
  const zipped = zipWorkbook(
    sheets.map((s) => s.name),
    written,
    shared,
    { dateFormat: opts.dateFormat, creator: 'Emberwatch', created: new Date() },
  );
  opts.onProgress?.(1);
  return zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength) as ArrayBuffer;
}

import { EXPORT_MAX_WINDOW_S, type ExportReading } from '@emberwatch/shared/contracts/export';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { buildWorkbook, ExportCancelled } from './buildWorkbook';
import { excelDateFormat } from './excelDateFormat';
import { exportFileName } from './exportFileName';
import { chunksOf, periodBounds, splitWindows, type ExportPeriod } from './exportPeriod';
import { buildSheets, type ExportProbe, type SheetLabels, type SheetLayout } from './exportSheets';

/** Probes per call: a month of hourly readings of 20 probes is about 15,000 readings, under 1 MB. */
export const PROBES_PER_CALL = 20;
/** Windows a day shorter than the server's limit, so a daylight-saving day never crosses it. */
const WINDOW_S = EXPORT_MAX_WINDOW_S - 86_400;
/** Share of the progress bar the downloads take; building the file takes the rest. */
const FETCH_SHARE = 0.6;

/** One call for the readings of some probes over one window (GET exportData). */
export type LoadReadings = (q: {
  sensorIDs: string[];
  fromTS: number;
  toTS: number;
}) => Promise<ExportReading[]>;

export interface ExportJob {
  storageName: string;
  probes: readonly ExportProbe[];
  period: ExportPeriod;
  layout: SheetLayout;
  unit: DegreesUnit;
  dateFormat: string;
  timeFormat: string;
  labels: SheetLabels;
  nowS: number;
}

export interface ExportFile {
  fileName: string;
  data: ArrayBuffer;
}

/**
 * An export from start to file: the readings asked for window by window and probe group by group
 * (each answer bounded, progress after each), the sheets, the workbook. Stops with ExportCancelled
 * as soon as `isCancelled` says so between steps.
 */
export async function runExport(
  job: ExportJob,
  load: LoadReadings,
  opts: { onProgress?: (done: number) => void; isCancelled?: () => boolean } = {},
): Promise<ExportFile> {
  const { fromTS, toTS } = periodBounds(job.period, job.nowS);
  const windows = splitWindows(fromTS, toTS, WINDOW_S);
  const groups = chunksOf(
    job.probes.map((p) => p.id),
    PROBES_PER_CALL,
  );
  const calls = windows.length * groups.length;
  const readings: ExportReading[] = [];
  let done = 0;
  for (const ids of groups)
    for (const w of windows) {
      if (opts.isCancelled?.()) throw new ExportCancelled();
      const part = await load({ sensorIDs: ids, fromTS: w.fromTS, toTS: w.toTS });
      for (const r of part) readings.push(r);
      done++;
      opts.onProgress?.((done / calls) * FETCH_SHARE);
    }
  if (opts.isCancelled?.()) throw new ExportCancelled();
  // Each answer is by probe then time; across windows a probe's readings are put back together.
  const order = new Map(job.probes.map((p, i) => [p.id, i]));
  readings.sort((x, y) => (order.get(x.a) ?? 0) - (order.get(y.a) ?? 0) || x.b - y.b);
  const sheets = buildSheets(readings, job.probes, job.layout, job.unit, job.labels);
  const data = await buildWorkbook(sheets, {
    dateFormat: excelDateFormat(job.dateFormat, job.timeFormat),
    isCancelled: opts.isCancelled,
    onProgress: (p) => opts.onProgress?.(FETCH_SHARE + p * (1 - FETCH_SHARE)),
  });
  return { fileName: exportFileName(job.storageName, job.period), data };
}

import { z } from 'zod';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { sensorIdSchema } from './ingest.js';

/**
 * Readings for the spreadsheet export (spec doc 3 §4 "Export dialog", §7 "Sensor data for export,
 * period chart and quality", §9 "Export"). The catalogue's day-maximum shape {a, b, h, hh} is served
 * by `snapshot` (probeData.ts); a spreadsheet wants every reading at its own time, so this call keeps
 * that shape with `b` the measurement time. One call is bounded (at most 50 probes and 32 days) so
 * that no answer grows with the period: the web app asks window by window and shows its progress
 * (docs/decisions/0029-export.md).
 */

/** How far back the period picker goes (spec doc 3 §9: "about a year"). */
export const EXPORT_LOOKBACK_DAYS = 366;
/** Spec doc 3 §9: the default period is the last 30 days. */
export const EXPORT_DEFAULT_DAYS = 30;
/** Most probes one call reads. */
export const EXPORT_MAX_PROBES_PER_CALL = 50;
/** Longest window one call reads (a month and a day of slack for time zones). */
export const EXPORT_MAX_WINDOW_S = 32 * 86_400;

const ts = z.coerce.number().int().min(0);

export const exportDataQuerySchema = z
  .object({
    basestationID: bsIdSchema,
    /** Comma-separated probe ids. */
    sensorIDs: z
      .string()
      .min(1)
      .max(2000)
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(sensorIdSchema).min(1).max(EXPORT_MAX_PROBES_PER_CALL)),
    fromTS: ts,
    /** Omitted when the chosen end is in the future: up to now. */
    toTS: ts.optional(),
  })
  .refine((q) => (q.toTS ?? Math.floor(Date.now() / 1000)) - q.fromTS <= EXPORT_MAX_WINDOW_S, {
    message: 'One export call covers at most 32 days; ask window by window.',
    path: ['fromTS'],
  });
export type ExportDataQuery = z.infer<typeof exportDataQuerySchema>;

/** One reading of one probe, corrected as the chart shows it. */
export const exportReadingSchema = z.object({
  a: z.string().describe('Probe id.'),
  b: z.int().describe('Measurement time, epoch seconds.'),
  h: z.number().describe('Handle (first depth) temperature, tenths of °C.'),
  hh: z.array(z.number()).describe('Every depth, handle first, tenths of °C.'),
});
export type ExportReading = z.infer<typeof exportReadingSchema>;

export const exportDataResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(exportReadingSchema),
});
export type ExportDataResponse = z.infer<typeof exportDataResponseSchema>;

export const exportEndpoints = defineEndpoints({
  exportData: defineEndpoint({
    method: 'GET',
    path: '/client/exportData',
    query: exportDataQuerySchema,
    response: exportDataResponseSchema,
    auth: 'user',
    summary:
      "Every reading of several probes of a station at its own time (at most 50 probes, 32 days), by probe then time: the spreadsheet export's rows.",
  }),
});

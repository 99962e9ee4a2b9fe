import { z } from 'zod';

/**
 * A correction entry (spec doc 2 §3: corrections list of date in epoch seconds, factor, user).
 * In its own file because both the station configuration (baseStations.ts) and the probe settings
 * (probeConfig.ts, which imports baseStations.ts) need it, and schemas are values: a cycle between
 * the two modules would read one of them before it is defined.
 */
export const probeCorrectionSchema = z.object({
  date: z.int().describe('When the correction was saved, epoch seconds.'),
  factor: z.number().describe('Correction in °C, −1…1 in steps of 0.1.'),
  user: z.string().describe('Who saved it.'),
});
export type ProbeCorrection = z.infer<typeof probeCorrectionSchema>;

import { z } from 'zod';
import { liveMessageSchema } from './realtime.js';

/** Spec doc 1 §3 "Sensor data": the latest reading of one probe. Temperatures in tenths of °C. */
export const sensorDataSchema = z.object({
  sensor_id: z.string(),
  temperature: z.number().describe('Handle (first depth) temperature.'),
  temperatures: z.array(z.number()),
  meas_ts: z.int(),
  sensor_RSSI: z.number().nullable(),
  bs_RSSI: z.number().nullable(),
  batt_voltage: z.number().nullable(),
  alert: z.boolean().describe('The probe has a current alert of a monitor (spec doc 2 §3).'),
});
export type SensorData = z.infer<typeof sensorDataSchema>;

/** GET /client/data: the latest reading of every probe of a station. */
export const dataResponseSchema = z.object({
  status_code: z.literal(0),
  bs_id: z.string(),
  results: z.array(sensorDataSchema),
  server_ts: z.int(),
});
export type DataResponse = z.infer<typeof dataResponseSchema>;

/**
 * Live event (spec doc 1 §4): these stations' data changed, after the commit. `bs_ids` is a
 * space-separated list, and names only the stations the receiver may see.
 */
export const newDataMessageSchema = liveMessageSchema('newData', { bs_ids: z.string() });
export type NewDataMessage = z.infer<typeof newDataMessageSchema>;
declare module './realtime.js' {
  interface LiveMessages {
    newData: NewDataMessage;
  }
}

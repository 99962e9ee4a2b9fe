/** Spec doc 1 §3 "Sensor data": the latest reading of one probe. Temperatures in tenths of °C. */
export interface SensorData {
  sensor_id: string;
  /** Handle (first depth) temperature. */
  temperature: number;
  temperatures: number[];
  meas_ts: number;
  sensor_RSSI: number | null;
  bs_RSSI: number | null;
  batt_voltage: number | null;
}

export interface DataResponse {
  status_code: 0;
  bs_id: string;
  results: SensorData[];
  server_ts: number;
}

import type { ReadingHistory } from '../readings/index.js';

export interface ExportReadingRow {
  sensor_id: string;
  meas_ts: number;
  temps: string;
}

/** Readings for the export, recent and packed alike (the readings feature's history). */
export class ExportRepository {
  constructor(private readonly history: ReadingHistory) {}

  /** The probes' readings from `from` to `to` (both included), by probe then measurement time. */
  async readings(sensorIds: readonly string[], from: number, to: number): Promise<ExportReadingRow[]> {
    const rows = await this.history.range(sensorIds, from, to);
    return rows.map((r) => ({ sensor_id: r.sensor_id, meas_ts: r.meas_ts, temps: r.temps }));
  }
}

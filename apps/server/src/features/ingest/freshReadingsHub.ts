/** A reading a commit stored for the first time, as it arrived. */
export interface FreshReading {
  sensor_id: string;
  meas_ts: number;
  /** Tenths of °C, handle first; the packet's own array (never changed after the commit). */
  temperatures: readonly (number | null)[];
  received_ts: number;
}

export type FreshReadingsListener = (readings: readonly FreshReading[]) => void;

/**
 * Tells in-process listeners which readings each committed ingest transaction stored for the first
 * time, right after the commit and before `newData` goes out. One hub per SQLite file: every ingest
 * service writing that file publishes here, so a listener hears every reading the file takes — which
 * is what lets the monitor evaluator skip reading them back (docs/decisions/0060).
 * PostgreSQL has no hub: other instances write the same tables, and what this process hears is not all.
 */
export class FreshReadingsHub {
  private readonly listeners: FreshReadingsListener[] = [];

  subscribe(listener: FreshReadingsListener): void {
    this.listeners.push(listener);
  }

  get heard(): boolean {
    return this.listeners.length > 0;
  }

  publish(readings: readonly FreshReading[]): void {
    if (readings.length === 0) return;
    for (const listener of this.listeners) listener(readings);
  }
}

import type { StationCallFacts, StationCallSink } from '../ingest/index.js';
import type { BatchWriter } from './batchWriter.js';
import type { NewTestReading } from './diagnostics.repository.js';

const SENSOR_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** Probes one packet may add: a factory test board carries a few sets, not thousands. */
const PROBES_PER_PACKET = 200;

/** The test readings a packet carries: each probe's latest, with its highest depth's temperature. */
export function testReadingsOf(bsId: string, body: unknown, receivedTs: number): NewTestReading[] {
  const readings =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as { readings?: unknown }).readings
      : undefined;
  if (!Array.isArray(readings)) return [];
  const latest = new Map<string, NewTestReading>();
  for (const r of readings as unknown[]) {
    if (typeof r !== 'object' || r === null) continue;
    const x = r as Record<string, unknown>;
    if (typeof x.sensor_id !== 'string' || !SENSOR_ID.test(x.sensor_id)) continue;
    if (typeof x.meas_ts !== 'number' || !Number.isInteger(x.meas_ts)) continue;
    const temps = Array.isArray(x.temperatures)
      ? x.temperatures.filter((t): t is number => Number.isInteger(t) && t >= -500 && t <= 2000)
      : [];
    const had = latest.get(x.sensor_id);
    if (had && had.meas_ts >= x.meas_ts) continue;
    if (!had && latest.size >= PROBES_PER_PACKET) continue;
    const int = (v: unknown, min: number, max: number) =>
      typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null;
    latest.set(x.sensor_id, {
      bs_id: bsId,
      sensor_id: x.sensor_id,
      meas_ts: x.meas_ts,
      temperature: temps.length > 0 ? Math.max(...temps) : null,
      sensor_rssi: int(x.sensor_RSSI, -200, 0),
      batt: int(x.batt_voltage, 0, 1000),
      received_ts: receivedTs,
    });
  }
  return [...latest.values()];
}

/**
 * Watches the station calls on their way to the call log (decision 0095): a station registered but
 * not yet activated (an open kit) is refused by the ingest — no account owns its readings — but
 * during its factory test the operator needs to see what its probes measure. The latest reading of
 * each of its probes is kept aside, never as a customer's data. The station is not known to the
 * ingest yet, so its secret is not checked: the readings are shown as the test's, to admins only,
 * bounded per station and in age.
 */
export class TestReadingsWatch {
  private openKits = new Set<string>();
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly writer: BatchWriter<NewTestReading>,
    private readonly openKitIds: () => Promise<string[]>,
    private readonly nowS: () => number,
    private readonly refreshMs = 5000,
  ) {}

  /** Re-reads the open kits when the list is older than `refreshMs` (the flush timer calls it). */
  async refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.readAt < this.refreshMs) return;
    this.openKits = new Set(await this.openKitIds());
    this.readAt = Date.now();
  }

  /** The sink the ingest route reports to: the call log's, with this watch beside it. */
  beside(next: StationCallSink): StationCallSink {
    return {
      wantsAnswer: (bsId) => next.wantsAnswer(bsId),
      record: (call: StationCallFacts) => {
        next.record(call);
        if (!this.openKits.has(call.bsId)) return;
        for (const r of testReadingsOf(call.bsId, call.body, this.nowS())) this.writer.push(r);
      },
    };
  }
}

import { stationId, stationSecret } from './benchServer.js';
import type { SendOutcome } from './closedLoop.js';
import type { ProbeReading } from './probeReadings.js';

/** A benchmark reading as the base-station protocol carries it (docs/base-station-protocol.md). */
export function ingestReading(r: ProbeReading, ts: number): object {
  return {
    sensor_id: r.sensorId,
    meas_ts: ts,
    temperatures: r.temperatures,
    sensor_RSSI: r.sensorRssi,
    bs_RSSI: r.bsRssi,
    batt_voltage: r.battery,
  };
}

/**
 * Sends one data packet of a benchmark station to the server on `port`. A packet counts as failed
 * unless the answer is 200 and, when `expectStored` is given, stores exactly that many readings.
 */
export async function postPacket(
  port: number,
  station: number,
  readings: readonly object[],
  expectStored?: number,
): Promise<SendOutcome> {
  const res = await fetch(`http://127.0.0.1:${port}/ingest/v1/packets`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Station ${stationId(station)}:${stationSecret(station)}`,
    },
    body: JSON.stringify({ type: 'data', readings }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  if (res.status !== 200) return { ok: false, readings: 0, error: `${res.status} ${text.slice(0, 200)}` };
  const answer = JSON.parse(text) as { stored: number };
  if (expectStored !== undefined && answer.stored !== expectStored)
    return { ok: false, readings: 0, error: `stored ${answer.stored} of ${expectStored}` };
  return { ok: true, readings: answer.stored };
}

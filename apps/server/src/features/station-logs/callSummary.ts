/**
 * The summary a call of a station with detailed logging keeps (decision 0090): what its packet said
 * besides the readings themselves, and what the server answered — enough to see what a station sends
 * and why it is refused, bounded so that a thousand readings make no bigger a row than one.
 */
export const DETAIL_MAX_CHARS = 2000;
const PROBES_SHOWN = 20;
const REFUSALS_SHOWN = 10;
const TEXT_MAX = 300;

function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

function short(v: unknown, max = 32): unknown {
  if (typeof v === 'string') return v.length > max ? `${v.slice(0, max)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return v;
  return v === undefined ? undefined : '(not a value)';
}

function packetSummary(body: unknown): Record<string, unknown> | string {
  const p = obj(body);
  if (!p) return body === undefined ? '(not JSON)' : '(not an object)';
  const out: Record<string, unknown> = {};
  for (const key of ['type', 'sent_ts', 'firmware', 'version', 'bs_type'])
    if (p[key] !== undefined) out[key] = short(p[key]);
  const mobile = obj(p.mobile);
  if (mobile)
    out.mobile = { operator: short(mobile.operator), net: short(mobile.net), rssi: short(mobile.rssi) };
  if (Array.isArray(p.readings)) {
    const probes = new Set<string>();
    let from = Infinity;
    let to = -Infinity;
    for (const r of p.readings as unknown[]) {
      const reading = obj(r);
      if (!reading) continue;
      if (typeof reading.sensor_id === 'string') probes.add(reading.sensor_id.slice(0, 32));
      if (typeof reading.meas_ts === 'number') {
        from = Math.min(from, reading.meas_ts);
        to = Math.max(to, reading.meas_ts);
      }
    }
    out.readings = p.readings.length;
    const ids = [...probes];
    out.probes = ids.slice(0, PROBES_SHOWN);
    if (ids.length > PROBES_SHOWN) out.moreProbes = ids.length - PROBES_SHOWN;
    if (from <= to) out.meas_ts = [from, to];
  }
  return out;
}

function answerSummary(answer: string | undefined): unknown {
  if (answer === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return short(answer, TEXT_MAX);
  }
  const a = obj(parsed);
  if (!a) return short(answer, TEXT_MAX);
  const out: Record<string, unknown> = {};
  for (const key of ['status_code', 'stored', 'duplicates', 'refused', 'path'])
    if (a[key] !== undefined) out[key] = short(a[key], TEXT_MAX);
  if (a.error !== undefined) out.error = short(a.error, TEXT_MAX);
  if (Array.isArray(a.refusals)) {
    out.refusals = a.refusals.slice(0, REFUSALS_SHOWN).map((r) => {
      const x = obj(r) ?? {};
      return { sensor_id: short(x.sensor_id), reason: short(x.reason), readings: short(x.readings) };
    });
    if (a.refusals.length > REFUSALS_SHOWN) out.moreRefusals = a.refusals.length - REFUSALS_SHOWN;
  }
  return out;
}

/** JSON text of at most DETAIL_MAX_CHARS characters. */
export function summarizeCall(body: unknown, answer: string | undefined): string {
  const text = JSON.stringify({ packet: packetSummary(body), answer: answerSummary(answer) });
  return text.length <= DETAIL_MAX_CHARS ? text : `${text.slice(0, DETAIL_MAX_CHARS - 1)}…`;
}

import {
  MOBILE_RSSI_MIN,
  MAX_DEPTHS,
  MAX_READINGS_PER_PACKET,
  MIN_MEAS_TS,
  PACKET_TYPES,
  type IngestPacket,
} from '@emberwatch/shared/contracts/ingest';

const TYPES: ReadonlySet<unknown> = new Set(PACKET_TYPES);

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

/** undefined, null or an integer in [min, max] (a `z.int().min().max().nullable().optional()`). */
function isOptionalInt(v: unknown, min: number, max: number): boolean {
  return v === undefined || v === null || (isInt(v) && v >= min && v <= max);
}

/** 1–32 of A–Z a–z 0–9 _ - (sensorIdSchema), by character code: no regular expression per reading. */
function isSensorId(v: unknown): boolean {
  if (typeof v !== 'string' || v.length === 0 || v.length > 32) return false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (!(
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 95 || // _
      c === 45 // -
    ))
      return false;
  }
  return true;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isReading(v: unknown): boolean {
  if (!isPlainObject(v)) return false;
  for (const key in v) {
    switch (key) {
      case 'sensor_id':
      case 'meas_ts':
      case 'temperatures':
      case 'sensor_RSSI':
      case 'bs_RSSI':
      case 'batt_voltage':
        break;
      default:
        return false;
    }
  }
  if (!isSensorId(v.sensor_id)) return false;
  const ts = v.meas_ts;
  if (!isInt(ts) || ts < MIN_MEAS_TS) return false;
  const temps = v.temperatures;
  if (!Array.isArray(temps) || temps.length < 1 || temps.length > MAX_DEPTHS) return false;
  for (const t of temps as unknown[]) if (!isInt(t) || t < -500 || t > 2000) return false;
  return (
    isOptionalInt(v.sensor_RSSI, -200, 0) &&
    isOptionalInt(v.bs_RSSI, -200, 0) &&
    isOptionalInt(v.batt_voltage, 0, 1000)
  );
}

function isShortText(v: unknown, max: number): boolean {
  return typeof v === 'string' && v.length >= 1 && v.length <= max;
}

/** mobileTelemetrySchema: exactly operator, net and rssi. */
function isMobile(v: unknown): boolean {
  if (!isPlainObject(v)) return false;
  for (const key in v) if (key !== 'operator' && key !== 'net' && key !== 'rssi') return false;
  return (
    isShortText(v.operator, 32) &&
    isShortText(v.net, 16) &&
    isInt(v.rssi) &&
    v.rssi >= MOBILE_RSSI_MIN &&
    v.rssi <= 0
  );
}

/**
 * The ingest packet contract (`ingestPacketSchema`) checked in place: true exactly when the schema
 * would accept the parsed JSON, and then the body is the packet the schema would return (the
 * absent `readings` default is filled in). A packet is checked without copying it, where the schema
 * builds a new object for the packet and each reading; a refused packet goes to the schema, which
 * words the 400 (packetCheck.test.ts holds both to one table of packets).
 */
export function checkPacket(body: unknown): body is IngestPacket {
  if (!isPlainObject(body)) return false;
  for (const key in body) {
    switch (key) {
      case 'type':
      case 'sent_ts':
      case 'firmware':
      case 'version':
      case 'bs_type':
      case 'mobile':
      case 'readings':
        break;
      default:
        return false;
    }
  }
  if (!TYPES.has(body.type)) return false;
  if (body.sent_ts !== undefined && !isInt(body.sent_ts)) return false;
  for (const s of [body.firmware, body.version]) {
    if (s !== undefined && (typeof s !== 'string' || s.length > 32)) return false;
  }
  if (body.bs_type !== undefined && !(isInt(body.bs_type) && body.bs_type >= -1 && body.bs_type <= 99))
    return false;
  if (body.mobile !== undefined && !isMobile(body.mobile)) return false;
  const readings = body.readings;
  if (readings === undefined) {
    body.readings = [];
    return true;
  }
  if (!Array.isArray(readings) || readings.length > MAX_READINGS_PER_PACKET) return false;
  for (const r of readings as unknown[]) if (!isReading(r)) return false;
  return true;
}

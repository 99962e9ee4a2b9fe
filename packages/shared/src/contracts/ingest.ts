import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * The base-station ingest protocol (docs/base-station-protocol.md).
 * Limits are generous for real stations and tight enough that one packet can never hurt the server.
 */
export const PACKET_TYPES = ['data', 'data3', 'boot', 'ota', 'conf', 'conf3'] as const;
export type PacketType = (typeof PACKET_TYPES)[number];

export const MAX_READINGS_PER_PACKET = 1000;
export const MAX_DEPTHS = 8;
/** A station clock may run ahead a little; a reading further in the future is malformed. */
export const MAX_FUTURE_SKEW_S = 600;
/** 2015-01-01: older readings cannot come from any station of this product. */
export const MIN_MEAS_TS = 1_420_070_400;
/**
 * Probes a station may add by sending readings of ids the server has never seen
 * (docs/decisions/0013-ingest-probe-ownership-and-caps.md). One packet may introduce 100: one reading of
 * every probe of the largest station the product is sized for (the ingest benchmark's), so a real
 * station introduces all its probes with its first packet, while a forged packet of 1,000 readings
 * adds at most 100 rows. A station holds at most 500 probes, five times that station, so a leaked
 * station secret can fill only its own account, and only so far.
 */
export const MAX_NEW_PROBES_PER_PACKET = 100;
export const MAX_PROBES_PER_STATION = 500;

export const sensorIdSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'sensor_id may hold letters, digits, _ and - only');

export const ingestReadingSchema = z.strictObject({
  sensor_id: sensorIdSchema,
  meas_ts: z.int().min(MIN_MEAS_TS, 'meas_ts is before 2015'),
  /** One value per depth, handle first, in tenths of °C (-50.0 … 200.0 °C). */
  temperatures: z.array(z.int().min(-500).max(2000)).min(1).max(MAX_DEPTHS),
  sensor_RSSI: z.int().min(-200).max(0).nullable().optional(),
  bs_RSSI: z.int().min(-200).max(0).nullable().optional(),
  /** Centivolts. */
  batt_voltage: z.int().min(0).max(1000).nullable().optional(),
});
export type IngestReading = z.infer<typeof ingestReadingSchema>;

/**
 * What a mobile (GPRS, LTE) station reports of its network with any packet (optional, added to v1:
 * stations that do not send it keep working): the operator's name, the radio technology and the
 * signal strength. The operator console's mobile network log shows it (spec doc 2 §3).
 */
export const MOBILE_RSSI_MIN = -150;
export const mobileTelemetrySchema = z.strictObject({
  operator: z.string().min(1).max(32),
  /** The radio technology, e.g. "2G", "LTE", "LTE-M", "NB-IoT". */
  net: z.string().min(1).max(16),
  /** dBm. */
  rssi: z.int().min(MOBILE_RSSI_MIN).max(0),
});
export type MobileTelemetry = z.infer<typeof mobileTelemetrySchema>;

export const ingestPacketSchema = z.strictObject({
  type: z.enum(PACKET_TYPES),
  /** Station clock when the packet was sent (epoch seconds); informational. */
  sent_ts: z.int().optional(),
  firmware: z.string().max(32).optional(),
  version: z.string().max(32).optional(),
  bs_type: z.int().min(-1).max(99).optional(),
  mobile: mobileTelemetrySchema.optional(),
  readings: z.array(ingestReadingSchema).max(MAX_READINGS_PER_PACKET).default([]),
});
export type IngestPacket = z.infer<typeof ingestPacketSchema>;

/**
 * Why a well-formed reading was not taken (docs/base-station-protocol.md): its id is not a probe
 * serial, its probe belongs to another account, or it would add a probe beyond the packet's or the
 * station's limit.
 */
export const INGEST_REFUSAL_REASONS = [
  'invalid_sensor_id',
  'foreign_probe',
  'packet_probe_limit',
  'station_probe_limit',
] as const;
export type IngestRefusalReason = (typeof INGEST_REFUSAL_REASONS)[number];

export const ingestRefusalSchema = z.object({
  sensor_id: z.string(),
  reason: z.enum(INGEST_REFUSAL_REASONS),
  readings: z.int().describe('Readings of this probe in the packet that were refused.'),
});
export type IngestRefusal = z.infer<typeof ingestRefusalSchema>;

/**
 * What a station is told of its pending firmware update, in the answer to each of its
 * packets (docs/base-station-protocol.md "Firmware updates", decision 0093).
 */
export const otaOfferSchema = z.object({
  rev: z.string(),
  size: z.int(),
  sha256: z.string(),
  chunk: z.int().describe('Bytes per chunk to ask for.'),
  path: z.string().describe('Where to fetch it: GET with offset and length.'),
});
export type OtaOffer = z.infer<typeof otaOfferSchema>;

/** POST /ingest/v1/packets — the answer to an accepted packet. */
export const ingestResponseSchema = z.object({
  status_code: z.literal(0),
  stored: z.int().describe('Readings newly stored by this packet.'),
  duplicates: z
    .int()
    .describe('Readings already stored earlier (same probe and time), acknowledged but not stored twice.'),
  refused: z
    .int()
    .describe('Readings not taken, for the reasons in `refusals` (the station drops them with the packet).'),
  refusals: z
    .array(ingestRefusalSchema)
    .describe('One entry per refused probe, in the order the packet first names it.'),
  server_ts: z.int(),
  ota: otaOfferSchema
    .optional()
    .describe('A firmware update pending for the station (decision 0093); absent when none is.'),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

/** A refused packet; the same envelope as every refusal of the API (apiErrorSchema in session.ts). */
export const ingestErrorSchema = z.object({
  status_code: z.int(),
  error: z.string(),
  path: z.string().optional().describe('Where validation failed, e.g. "readings.3.temperatures.0".'),
});
export type IngestError = z.infer<typeof ingestErrorSchema>;

/** The base-station protocol, served by the ingest feature. */
export const ingestEndpoints = defineEndpoints({
  packets: defineEndpoint({
    method: 'POST',
    path: '/ingest/v1/packets',
    body: ingestPacketSchema,
    response: ingestResponseSchema,
    auth: 'station',
    summary: 'A base station delivers a packet (Authorization: Station <bs_id>:<secret>).',
  }),
});

import { z } from 'zod';
import {
  FIRMWARE_REV_PATTERN,
  MAX_FIRMWARE_CHUNK_BYTES,
  MAX_FIRMWARE_IMAGE_BYTES,
  OTA_LOG_LIMIT,
} from '../domain/firmware.js';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { otaOfferSchema, type OtaOffer } from './ingest.js';

export { otaOfferSchema, type OtaOffer };

/**
 * Firmware updates of base stations (issue 30 item 4, decision 0093): the images the server keeps,
 * a station's update (spec doc 2 §3 "OTA: rev, otas list, pending, log[from, to, date]", §7 "OTA get,
 * status, assign (bs, rev, old_rev), cancel (bs)", §8), the console's overview, and the station's
 * side of the protocol (docs/base-station-protocol.md "Firmware updates").
 */

export const firmwareRevSchema = z
  .string()
  .trim()
  .regex(FIRMWARE_REV_PATTERN, 'rev is numbers joined by dots, like 3.4 or 3.4.1');

export const firmwareImageSchema = z.object({
  rev: z.string(),
  size: z.int().describe('Bytes.'),
  sha256: z.string().describe('Hex SHA-256 of the image.'),
  notes: z.string(),
  added_ts: z.int(),
  added_by: z.string().nullable().describe('The username of the staff member who added it.'),
});
export type FirmwareImage = z.infer<typeof firmwareImageSchema>;

export const otaPendingSchema = z.object({
  rev: z.string(),
  from_rev: z.string().nullable().describe('The revision the station ran when it was assigned.'),
  assigned_ts: z.int(),
  by: z.string().nullable(),
});
export type OtaPending = z.infer<typeof otaPendingSchema>;

export const OTA_RESULTS = ['done', 'failed', 'cancelled'] as const;
export type OtaResult = (typeof OTA_RESULTS)[number];
export const otaLogEntrySchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  date: z.int().describe('Epoch s.'),
  result: z.enum(OTA_RESULTS).describe('done: the station reported the new revision; failed; cancelled.'),
  reason: z.string().nullable().describe('Why it failed, as the station said.'),
  by: z.string().nullable().describe('Who cancelled.'),
});
export type OtaLogEntry = z.infer<typeof otaLogEntrySchema>;

export const otaBsQuerySchema = z.object({ bs: bsIdSchema });

export const otaForBsResponseSchema = z.object({
  status_code: z.literal(0),
  rev: z.string().nullable().describe('The revision the station last reported.'),
  otas: z.array(firmwareImageSchema).describe('The revisions it may take (every image but its own).'),
  pending: otaPendingSchema.nullable(),
  log: z.array(otaLogEntrySchema).describe(`Newest first, at most ${OTA_LOG_LIMIT}.`),
});
export type OtaForBsResponse = z.infer<typeof otaForBsResponseSchema>;

/** Spec doc 2 §8: status_code 1 clears the pending update (none is pending any more); 0 while pending. */
export const otaStatusResponseSchema = z.object({
  status_code: z.union([z.literal(0), z.literal(1)]),
  rev: z.string().nullable(),
  pending: otaPendingSchema.nullable(),
  last: otaLogEntrySchema.nullable().describe('How the last update ended.'),
});
export type OtaStatusResponse = z.infer<typeof otaStatusResponseSchema>;

export const saveOtaRequestSchema = z.strictObject({
  bs: bsIdSchema,
  rev: firmwareRevSchema,
  old_rev: z.string().max(32).nullable().describe('The current revision the operator saw.'),
});

export const cancelOtaRequestSchema = z.strictObject({ bs: bsIdSchema });

export const addFirmwareImageRequestSchema = z.strictObject({
  rev: firmwareRevSchema,
  notes: z.string().trim().max(2000).default(''),
  data: z
    .base64()
    .min(1, 'data is the image, base64')
    .max(Math.ceil(MAX_FIRMWARE_IMAGE_BYTES / 3) * 4, 'the image is larger than 4 MiB'),
});

export const otaStationSchema = z.object({
  bs_id: z.string(),
  display_name: z.string().nullable(),
  rev: z.string().nullable(),
  state: z.enum(['pending', 'failed']),
  to: z.string().describe('The revision pending, or the one that failed.'),
  ts: z.int().describe('When it was assigned (pending) or failed.'),
  reason: z.string().nullable(),
});
export type OtaStation = z.infer<typeof otaStationSchema>;

export const firmwareChunkQuerySchema = z.object({
  rev: firmwareRevSchema,
  offset: z.coerce.number().int().min(0).max(MAX_FIRMWARE_IMAGE_BYTES),
  length: z.coerce.number().int().min(1).max(MAX_FIRMWARE_CHUNK_BYTES).default(MAX_FIRMWARE_CHUNK_BYTES),
});
export const firmwareChunkResponseSchema = z.object({
  status_code: z.literal(0),
  rev: z.string(),
  offset: z.int(),
  size: z.int().describe('The whole image’s bytes.'),
  sha256: z.string().describe('The whole image’s SHA-256 (hex).'),
  data: z.string().describe('The chunk, base64; empty at or past the end.'),
});
export type FirmwareChunkResponse = z.infer<typeof firmwareChunkResponseSchema>;

export const otaReportRequestSchema = z.strictObject({
  rev: z.string().min(1).max(32),
  result: z.literal('failed'),
  reason: z.string().trim().min(1).max(200),
});

export const firmwareEndpoints = defineEndpoints({
  getOTAForBS: defineEndpoint({
    method: 'GET',
    path: '/admin/getOTAForBS',
    query: otaBsQuerySchema,
    response: otaForBsResponseSchema,
    auth: 'user',
    summary:
      'Admins: a station’s firmware revision, the revisions it may take, its pending update and its update log.',
  }),
  getOTAStatus: defineEndpoint({
    method: 'GET',
    path: '/admin/getOTAStatus',
    query: otaBsQuerySchema,
    response: otaStatusResponseSchema,
    auth: 'user',
    summary:
      'Admins: whether a station’s update is still pending (0) or no longer (1), and how the last ended.',
  }),
  saveOTAForBS: defineEndpoint({
    method: 'POST',
    path: '/admin/saveOTAForBS',
    body: saveOtaRequestSchema,
    response: z.object({ status_code: z.literal(0), pending: otaPendingSchema }),
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: assigns a firmware revision to a station (409 when it runs it, one is pending or old_rev is stale).',
  }),
  cancelPendingOTA: defineEndpoint({
    method: 'POST',
    path: '/admin/cancelPendingOTA',
    body: cancelOtaRequestSchema,
    response: z.object({ status_code: z.literal(0) }),
    auth: 'user',
    summary: 'Root, Admin and Tech staff: cancels a station’s pending update (404 when none is pending).',
  }),
  firmwareImages: defineEndpoint({
    method: 'GET',
    path: '/admin/firmwareImages',
    response: z.object({ status_code: z.literal(0), results: z.array(firmwareImageSchema) }),
    auth: 'user',
    summary: 'Admins: the firmware images the server keeps, newest revision first.',
  }),
  addFirmwareImage: defineEndpoint({
    method: 'POST',
    path: '/admin/addFirmwareImage',
    body: addFirmwareImageRequestSchema,
    response: z.object({ status_code: z.literal(0), image: firmwareImageSchema }),
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: adds a firmware image (base64, at most 4 MiB; 409 when the revision exists).',
  }),
  otaStations: defineEndpoint({
    method: 'GET',
    path: '/admin/otaStations',
    response: z.object({ status_code: z.literal(0), results: z.array(otaStationSchema) }),
    auth: 'user',
    summary: 'Admins: the stations with a pending update or whose last update failed.',
  }),
  firmwareChunk: defineEndpoint({
    method: 'GET',
    path: '/ingest/v1/firmware',
    query: firmwareChunkQuerySchema,
    response: firmwareChunkResponseSchema,
    auth: 'station',
    summary: 'A base station fetches a chunk of the firmware image pending for it (Authorization: Station).',
  }),
  reportOta: defineEndpoint({
    method: 'POST',
    path: '/ingest/v1/firmware/report',
    body: otaReportRequestSchema,
    response: z.object({ status_code: z.literal(0) }),
    auth: 'station',
    summary: 'A base station reports that its pending update failed, and why.',
  }),
});

import { z } from 'zod';
import { bsIdSchema } from './baseStations.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { sensorIdSchema } from './ingest.js';

/**
 * Probe verification (spec doc 2 §2.4, §3 "Verification", §4, §7; doc 1 §7 "Insight"; issue 33 item 4;
 * decisions 0113–0115): a probe compared with a reference probe over a period, its calibration result,
 * and a signed PDF report.
 */

const itemIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const calibrationResultSchema = z.object({
  pairs: z.int().describe('Readings paired within 600 s.'),
  meanDiff: z.number().nullable().describe('Mean of verified − reference, °C.'),
  sdDiff: z.number().nullable().describe('Sample standard deviation of the differences, °C.'),
  minDiff: z.number().nullable(),
  maxDiff: z.number().nullable(),
  correction: z
    .number()
    .nullable()
    .describe('Suggested correction factor (−mean to 0.1 °C), null beyond ±1 °C.'),
});

/** Spec doc 2 §3 "Verification" fields. */
export const verificationSchema = z.object({
  itemID: z.int(),
  UID: z.int().describe('The account (its main user).'),
  BS_ID: z.string().describe('The verified probe’s station.'),
  probeID: z.string(),
  verifixID: z.string().describe('The reference probe.'),
  verifixBS: z.string().describe('The reference probe’s station.'),
  startDate: z.int().describe('Epoch seconds.'),
  endDate: z.int().nullable().describe('Epoch seconds; null while ongoing.'),
  calibration: z.number().nullable().describe('Mean difference verified − reference at the end, °C.'),
  calibration_date: z.int().nullable().describe('When the result was computed (the end), epoch seconds.'),
  result: calibrationResultSchema.nullable().describe('The result at the end; null while ongoing.'),
});
export type Verification = z.infer<typeof verificationSchema>;

export const getVerificationsQuerySchema = z.object({
  UID: z.coerce.number().int().positive().optional(),
  probeID: sensorIdSchema,
});
export type GetVerificationsQuery = z.input<typeof getVerificationsQuerySchema>;

export const getVerificationsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(verificationSchema),
});

export const verifixDataQuerySchema = z.object({ verificationID: itemIdSchema });

export const timedTemperatureSchema = z.object({
  b: z.int().describe('Epoch seconds.'),
  h: z.number().describe('Tenths of °C, as every reading of the API.'),
});

export const verifixDataResponseSchema = z.object({
  status_code: z.literal(0),
  data1: z.array(timedTemperatureSchema).describe('The verified probe’s readings over the period.'),
  data2: z.array(timedTemperatureSchema).describe('The reference probe’s readings over the period.'),
  result: calibrationResultSchema.describe('The result over the period so far.'),
});
export type VerifixData = z.infer<typeof verifixDataResponseSchema>;

export const startVerificationRequestSchema = z.strictObject({
  UID: z.int().positive().optional(),
  BS_ID: bsIdSchema,
  probeID: sensorIdSchema,
  verifixID: sensorIdSchema,
  verifixBS: bsIdSchema,
  startDate: z.int().positive().optional().describe('Epoch seconds; default now; at most 30 days back.'),
});
export type StartVerificationRequest = z.input<typeof startVerificationRequestSchema>;

export const verificationResponseSchema = z.object({ status_code: z.literal(0), result: verificationSchema });

export const itemRequestSchema = z.strictObject({ itemID: itemIdSchema.pipe(z.int()) });

export const stopVerificationResponseSchema = z.object({
  status_code: z.literal(0),
  outcome: z.enum(['ended', 'cancelled']).describe('Cancelled (and deleted) when it had no paired readings.'),
  result: verificationSchema.nullable(),
});

export const deleteVerificationResponseSchema = z.object({ status_code: z.literal(0) });

/** The largest report the check takes (a report is about 30 kB; the call is public, so small). */
export const MAX_REPORT_BYTES = 512_000;

export const checkVerificationReportRequestSchema = z.strictObject({
  pdf: z
    .string()
    .min(1)
    .max(Math.ceil((MAX_REPORT_BYTES * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'pdf must be the file in base64')
    .describe('The report file, base64.'),
});

export const checkVerificationReportResponseSchema = z.object({
  status_code: z.literal(0),
  valid: z.boolean(),
  reason: z.string().nullable().describe('Why it is not valid.'),
  report: z
    .object({
      reportId: z.string(),
      itemID: z.int(),
      probeID: z.string(),
      issued: z.int().describe('Epoch seconds.'),
      keyId: z.string(),
    })
    .nullable(),
});

export const verificationPublicKeyResponseSchema = z.object({
  status_code: z.literal(0),
  keyId: z.string().describe('The first 16 hex digits of the key’s SHA-256.'),
  algorithm: z.literal('Ed25519'),
  publicKeyPem: z.string(),
});

/**
 * GET /client/verificationReportPdf?itemID=…&lang=…: the signed report of an ended verification, a
 * PDF download (not a JSON call, so not in the catalogue, like /client/batchReportPdf).
 */
export const VERIFICATION_REPORT_PDF_PATH = '/client/verificationReportPdf';
export const verificationReportPdfQuerySchema = z.object({
  itemID: itemIdSchema,
  lang: z.enum(['en', 'fi', 'de', 'fr', 'es', 'it', 'nl', 'hr']).optional(),
  unit: z.enum(['C', 'F']).optional(),
});
export type VerificationReportPdfQuery = z.input<typeof verificationReportPdfQuerySchema>;

/** Where an auditor checks a report; printed in every report. */
export const CHECK_VERIFICATION_REPORT_PATH = '/client/checkVerificationReport';

export const verificationEndpoints = defineEndpoints({
  getVerifications: defineEndpoint({
    method: 'GET',
    path: '/client/getVerifications',
    query: getVerificationsQuerySchema,
    response: getVerificationsResponseSchema,
    auth: 'user',
    summary: 'The verifications of a probe, newest first (spec doc 2 §7 "list by UID and probeID").',
  }),
  verifixData: defineEndpoint({
    method: 'GET',
    path: '/client/verifixData',
    query: verifixDataQuerySchema,
    response: verifixDataResponseSchema,
    auth: 'user',
    summary: 'Both probes’ readings over a verification’s period (data1, data2) and the result so far.',
  }),
  startVerification: defineEndpoint({
    method: 'POST',
    path: '/client/startVerification',
    body: startVerificationRequestSchema,
    response: verificationResponseSchema,
    auth: 'user',
    summary: 'Starts verifying a probe against a reference probe of the account (one ongoing per probe).',
  }),
  stopVerification: defineEndpoint({
    method: 'POST',
    path: '/client/stopVerification',
    body: itemRequestSchema,
    response: stopVerificationResponseSchema,
    auth: 'user',
    summary: 'Ends an ongoing verification with its result; without paired readings cancels and deletes it.',
  }),
  deleteVerification: defineEndpoint({
    method: 'POST',
    path: '/client/deleteVerification',
    body: itemRequestSchema,
    response: deleteVerificationResponseSchema,
    auth: 'user',
    summary: 'Deletes an ended verification (an ongoing one is ended or cancelled instead).',
  }),
  checkVerificationReport: defineEndpoint({
    method: 'POST',
    path: CHECK_VERIFICATION_REPORT_PATH,
    body: checkVerificationReportRequestSchema,
    response: checkVerificationReportResponseSchema,
    auth: 'public',
    summary: 'Checks a verification report’s signature: valid only for the unchanged file the server issued.',
  }),
  verificationPublicKey: defineEndpoint({
    method: 'GET',
    path: '/client/verificationPublicKey',
    response: verificationPublicKeyResponseSchema,
    auth: 'public',
    summary: 'The public key verification reports are signed with (Ed25519), to check one offline.',
  }),
});

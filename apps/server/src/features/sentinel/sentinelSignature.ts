import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SENTINEL_REPLAY_WINDOW_S } from '@emberwatch/shared/contracts/sentinel';

/**
 * How a Sentinel call is signed (docs/sentinel-webhook.md): the HMAC-SHA256, keyed with the
 * account's secret (its 64 hex characters as ASCII), of "<timestamp>.<raw body>", sent as
 * `X-Emberwatch-Signature: v1=<hex>` beside `X-Emberwatch-Timestamp: <epoch seconds>`. The timestamp
 * inside the signed text lets a receiver refuse a recorded call replayed later.
 */

/** A new signing secret: 32 random bytes, as 64 lowercase hex characters. */
export function newSentinelSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The signature header's value for this timestamp and exact body text. */
export function sentinelSignature(secret: string, timestampS: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampS}.${rawBody}`).digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * A receiver's check, as docs/sentinel-webhook.md describes it (and the tests run): the timestamp is
 * a whole number within the replay window of the receiver's clock, and one of the header's `v1=`
 * values equals the HMAC of "<timestamp>.<raw body>", compared in constant time. The raw body is the
 * bytes received, before any JSON parsing.
 */
export function verifySentinelSignature(opts: {
  secret: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  rawBody: string;
  nowS: number;
  windowS?: number;
}): SignatureCheck {
  const { secret, timestampHeader, signatureHeader, rawBody, nowS } = opts;
  const windowS = opts.windowS ?? SENTINEL_REPLAY_WINDOW_S;
  if (!timestampHeader || !/^\d{1,12}$/.test(timestampHeader)) return { ok: false, reason: 'no timestamp' };
  const ts = Number(timestampHeader);
  if (Math.abs(nowS - ts) > windowS) return { ok: false, reason: 'timestamp outside the replay window' };
  const expected = Buffer.from(sentinelSignature(secret, ts, rawBody).slice(3), 'hex');
  // Several values (comma-separated) let a sender sign with an old and a new secret during a rotation.
  const given = (signatureHeader ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.startsWith('v1='))
    .map((v) => Buffer.from(v.slice(3), 'hex'));
  const match = given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
  return match ? { ok: true } : { ok: false, reason: 'signature does not match' };
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH } from '@emberwatch/shared/contracts/account';
import type { CodePurpose } from './account.tables.js';

/** A code lives ten minutes, allows five wrong tries, and is used once. */
export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
/** Sending again: not sooner than 30 s after the last send, at most 5 sends an hour (admins: no limit). */
export const RESEND_MIN_S = 30;
export const SEND_WINDOW_S = 3600;
export const SENDS_PER_WINDOW = 5;

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/**
 * A keyed hash of the code, bound to the user, the purpose and the number: a leaked table row cannot be
 * replayed for another number, and with 10,000 possible codes a plain hash would be no secret at all —
 * the key (the server's secret) is what makes the stored value useless without the server.
 */
export function codeHash(
  key: string,
  c: { userId: number; purpose: CodePurpose; phone: string | null; code: string },
): string {
  return createHmac('sha256', key)
    .update(`${c.userId}\n${c.purpose}\n${c.phone ?? ''}\n${c.code}`)
    .digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * When the next send may go out: 0 now, else seconds to wait. A window of SEND_WINDOW_S starts with its
 * first send.
 */
export function sendWait(
  last: { sent_ts: number; window_start_ts: number; sends_in_window: number } | undefined,
  nowS: number,
): number {
  if (!last) return 0;
  const gap = last.sent_ts + RESEND_MIN_S - nowS;
  const windowOpen = nowS - last.window_start_ts < SEND_WINDOW_S;
  const full = windowOpen && last.sends_in_window >= SENDS_PER_WINDOW;
  const wait = Math.max(gap, full ? last.window_start_ts + SEND_WINDOW_S - nowS : 0);
  return wait > 0 ? Math.ceil(wait) : 0;
}

/** The pacing fields of the send being made now. */
export function nextWindow(
  last: { window_start_ts: number; sends_in_window: number } | undefined,
  nowS: number,
): { window_start_ts: number; sends_in_window: number } {
  if (!last || nowS - last.window_start_ts >= SEND_WINDOW_S)
    return { window_start_ts: nowS, sends_in_window: 1 };
  return { window_start_ts: last.window_start_ts, sends_in_window: last.sends_in_window + 1 };
}

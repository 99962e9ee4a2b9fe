import { ApiError } from '../ApiError.js';

/**
 * A policy's answer: `true`, or the refusal the caller gets (its status, its words and, for a 400,
 * the field it is about). Pure data, so a policy's table test compares answers, not thrown errors.
 */
export type Verdict = true | Refusal;

export interface Refusal {
  status: 400 | 403 | 404;
  reason: string;
  field?: string;
}

/** A 403 with these words (the default is the station message every unknown-or-foreign id gets). */
export function refuse(reason = 'You do not have access to this base station.'): Refusal {
  return { status: 403, reason };
}

/** A 400 about one field of the request. */
export function invalid(reason: string, field?: string): Refusal {
  return field === undefined ? { status: 400, reason } : { status: 400, reason, field };
}

/** Throws the refusal as the API's error; nothing for `true`. Services call this on a policy's verdict. */
export function enforce(verdict: Verdict): void {
  if (verdict === true) return;
  throw new ApiError(verdict.status, verdict.reason, verdict.status, verdict.field);
}

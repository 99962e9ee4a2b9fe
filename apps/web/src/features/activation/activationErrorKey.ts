import { isApiRequestError } from '../../lib/ApiRequestError';

export type ActivationErrorText =
  | { key: 'activation.throttled'; minutes: number }
  | { key: 'activation.notAllowed' }
  | { key: 'activation.server_err' };

/**
 * The text of a refused or failed call: too many wrong codes (429, with the wait), not the owner (403);
 * anything else is the spec's server error text (doc 1 §8, doc 2 §8 "other").
 */
export function activationErrorText(err: unknown): ActivationErrorText {
  if (isApiRequestError(err)) {
    if (err.httpStatus === 429)
      return { key: 'activation.throttled', minutes: Math.max(1, Math.ceil((err.retryAfterS ?? 60) / 60)) };
    if (err.httpStatus === 403) return { key: 'activation.notAllowed' };
  }
  return { key: 'activation.server_err' };
}

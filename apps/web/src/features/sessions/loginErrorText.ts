import type { TFunction } from 'i18next';
import { i18n } from '../../i18n/i18n';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { formatWait } from './formatWait';

/**
 * What the login form says when logging in fails: bad credentials, rate limiting (with the wait the
 * server asked for in Retry-After), no network, or the spec's generic text with the status code —
 * always in the user's language (the server's own texts are English).
 */
export function loginErrorText(error: unknown, t: TFunction): string {
  if (!isApiRequestError(error)) return t('errors.generic');
  if (error.kind === 'network') return t('errors.network');
  if (error.httpStatus === 401 || error.httpStatus === 403) return t('login.invalidCredentials');
  if (error.httpStatus === 429)
    return error.retryAfterS
      ? t('login.rateLimitedWait', { wait: formatWait(error.retryAfterS, i18n.language) })
      : t('errors.rateLimited');
  if (error.httpStatus === 400) return t('login.required');
  return t('errors.withStatus', { status: error.statusCode || error.httpStatus });
}

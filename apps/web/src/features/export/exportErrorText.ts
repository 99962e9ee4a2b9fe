import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../lib/ApiRequestError';

/**
 * Spec doc 3 §8: an answer with a status code shows "ERROR: status={code}", a failed request
 * "ERROR: {message}".
 */
export function exportErrorText(error: unknown, t: TFunction): string {
  if (isApiRequestError(error) && error.kind === 'http')
    return t('export.errorStatus', { code: error.statusCode });
  const message = error instanceof Error ? error.message : String(error);
  return t('export.errorMessage', { message });
}

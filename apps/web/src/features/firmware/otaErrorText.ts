import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../lib/ApiRequestError';

/**
 * Spec doc 2 §8 "OTA: 99 'Error in getting OTA'; other shows status code message": a failure to
 * reach the server, a server fault or status 99 reads 'Error in getting OTA'; a refusal shows its
 * status code with the server's reason.
 */
export function otaErrorText(t: TFunction, error: unknown): string {
  if (
    !isApiRequestError(error) ||
    error.kind === 'network' ||
    error.statusCode === 99 ||
    error.httpStatus >= 500
  )
    return t('firmware.ota.errorGetting');
  return t('firmware.ota.errorStatus', { status: error.statusCode, message: error.serverMessage ?? '' });
}

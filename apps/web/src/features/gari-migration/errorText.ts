import { isApiRequestError } from '../../lib/ApiRequestError';

/**
 * What a refused migration call shows: the server's own words (they name every problem of the
 * account and the station or probe), else the error's.
 */
export function errorText(error: unknown): string {
  if (isApiRequestError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

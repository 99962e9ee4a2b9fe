import { isApiRequestError } from '../../lib/ApiRequestError';

/**
 * What a refused SIM call shows: the server's own words (they name the SIM, the station and what the
 * operator said), else the error's. The server's refusals are English, as every API error here.
 */
export function errorText(error: unknown): string {
  if (isApiRequestError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

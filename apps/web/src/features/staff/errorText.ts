import { isApiRequestError } from '../../lib/ApiRequestError';

/** A refused staff call shows the server's own words (English, as every API error here). */
export function errorText(error: unknown): string {
  if (isApiRequestError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

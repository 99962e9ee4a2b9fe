import { isApiRequestError } from '../../lib/ApiRequestError';

/** What a refused customer call shows: the server's own words (they name what is wrong), else the error's. */
export function errorText(error: unknown): string {
  if (isApiRequestError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

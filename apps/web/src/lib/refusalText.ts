import { isApiRequestError } from './ApiRequestError';

/**
 * What a refused call shows: the server's own words when it sent some (they name the thing and the
 * rule; the API's refusals are English, as every API error here), else `fallback` — the page's own
 * translated text — else the error's message.
 */
export function refusalText(error: unknown, fallback?: string): string {
  if (isApiRequestError(error) && error.serverMessage) return error.serverMessage;
  if (fallback !== undefined) return fallback;
  return error instanceof Error ? error.message : String(error);
}

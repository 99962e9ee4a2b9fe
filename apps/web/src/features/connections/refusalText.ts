import { isApiRequestError } from '../../lib/ApiRequestError';

/** The server's own words for a refusal, else the page's. */
export function refusalText(error: unknown, fallback: string): string {
  return isApiRequestError(error) && error.serverMessage ? error.serverMessage : fallback;
}

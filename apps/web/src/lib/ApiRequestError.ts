/**
 * A failed API call. `kind` separates "the server said no" from "the server could not be reached",
 * because the user is told different things (spec doc 1 §8: failed response vs network failure).
 */
export type ApiErrorKind = 'http' | 'network';

export class ApiRequestError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 for a network failure. */
  readonly httpStatus: number;
  /** The envelope's status_code (spec: 0 = success); the HTTP status when the body had none. */
  readonly statusCode: number;
  /** The server's own error text, when it sent one. */
  readonly serverMessage: string | null;
  /** Seconds the server asked the caller to wait (Retry-After), when it said. */
  readonly retryAfterS: number | null;

  constructor(
    kind: ApiErrorKind,
    httpStatus: number,
    statusCode: number,
    serverMessage: string | null,
    retryAfterS: number | null = null,
  ) {
    super(serverMessage ?? (kind === 'network' ? 'Network failure' : `HTTP ${httpStatus}`));
    this.name = 'ApiRequestError';
    this.kind = kind;
    this.httpStatus = httpStatus;
    this.statusCode = statusCode;
    this.serverMessage = serverMessage;
    this.retryAfterS = retryAfterS;
  }
}

export function isApiRequestError(e: unknown): e is ApiRequestError {
  return e instanceof ApiRequestError;
}

/** The server could not be reached (no answer at all), as opposed to an answer that said no. */
export function isNetworkFailure(e: unknown): boolean {
  return isApiRequestError(e) && e.kind === 'network';
}

import { ApiError } from '../../http/ApiError.js';

/** A refusal to do it again so soon: 429 with the wait (the routes put it in Retry-After). */
export class ThrottledError extends ApiError {
  constructor(
    readonly retryAfterS: number,
    message: string,
    statusCode = 429,
  ) {
    super(429, message, statusCode);
  }
}

import { ApiError } from '../../http/ApiError.js';

/** 429 for a login tried before its wait has passed; the route sends the wait as Retry-After. */
export class LoginThrottledError extends ApiError {
  constructor(readonly retryAfterS: number) {
    const wait = retryAfterS < 60 ? `${retryAfterS} s` : `${Math.ceil(retryAfterS / 60)} min`;
    super(429, `Too many failed login attempts. Try again in ${wait}.`);
    this.name = 'LoginThrottledError';
  }
}

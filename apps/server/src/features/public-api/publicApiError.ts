import {
  PUBLIC_API_ERRORS,
  type PublicApiErrorCode,
} from '@emberwatch/shared/domain/publicApi/publicApiErrors';
import { ApiError } from '../../http/ApiError.js';

/** A public API refusal with its stable code (decision 0111); the feature's error handler sends it. */
export class PublicApiError extends ApiError {
  constructor(
    readonly code: PublicApiErrorCode,
    message: string,
    readonly retryAfterS?: number,
  ) {
    const http = PUBLIC_API_ERRORS[code].http;
    super(http, message, http);
  }
}

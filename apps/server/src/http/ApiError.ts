/** A refusal the client should see as it is: HTTP status, the API's status_code and a clear message. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly statusCode: number = httpStatus,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static invalid(message: string, path?: string): ApiError {
    return new ApiError(400, message, 400, path);
  }
  static unauthenticated(message = 'Please log in again.'): ApiError {
    return new ApiError(401, message);
  }
  static forbidden(message = 'You do not have access to this base station.'): ApiError {
    return new ApiError(403, message);
  }
  static notFound(message: string): ApiError {
    return new ApiError(404, message);
  }
  static unavailable(message: string): ApiError {
    return new ApiError(503, message);
  }
}

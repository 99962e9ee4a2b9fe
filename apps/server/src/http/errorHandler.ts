import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from './ApiError.js';

/**
 * Every failure leaves the server as {status_code, error[, path]}: never a stack trace, never a secret.
 * Unknown errors are logged with their stack and answered with a generic 500.
 */
export function errorHandler(
  err: FastifyError | ApiError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  if (err instanceof ApiError) {
    void reply
      .status(err.httpStatus)
      .send({ status_code: err.statusCode, error: err.message, ...(err.path ? { path: err.path } : {}) });
    return;
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const message = first?.message ?? 'invalid request';
    void reply.status(400).send({ status_code: 400, error: path ? `${path}: ${message}` : message, path });
    return;
  }
  const fe = err as FastifyError;
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Fastify's own client errors (bad JSON, body too large, wrong content type).
    void reply.status(fe.statusCode).send({ status_code: fe.statusCode, error: fe.message });
    return;
  }
  req.log.error({ err }, 'unhandled error');
  void reply.status(500).send({ status_code: 500, error: 'Internal server error' });
}

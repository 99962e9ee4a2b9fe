import type { FastifyRequest } from 'fastify';

/**
 * The server logger's options (pino): what the log may hold. Its lines go to standard output and to
 * the server log's store (decision 0095), which staff read, so nothing secret may be in them:
 * - tokens, cookies and station secrets travel in headers: redacted;
 * - acknowledgement tokens, codes and search terms travel in the query: a request's line keeps the
 *   path only.
 */
export function loggerOptions(level: string, stream: { write(line: string): void }) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: pathOf(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    stream,
  };
}

/** A URL without its query. */
export function pathOf(url: string): string {
  return url.split('?')[0] ?? '';
}

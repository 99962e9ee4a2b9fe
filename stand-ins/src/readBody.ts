import type { IncomingMessage } from 'node:http';

/** The most a stand-in reads of a request body; anything larger is cut off (the socket closed). */
const MAX_BODY_BYTES = 64 * 1024;

/** A request's body as UTF-8 text, at most 64 KiB: the stand-ins take small forms and JSON only. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on now. It is free only when asked: another process may take it before
 * the caller listens, so a caller that starts something on it handles EADDRINUSE (decision 0172), or
 * lets the system choose (PORT=0) where nothing needs the port beforehand.
 */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

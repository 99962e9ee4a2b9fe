import type { FastifyBaseLogger } from 'fastify';

/**
 * A promise that fails with nobody waiting for it is logged, and the server goes on serving. Node's default
 * ends the process: one page whose code failed where the server draws it (a library that read the
 * browser's `window` as its module loaded, 2026-12-04) stopped the server for everyone, at any user's GET
 * of its address. Such a failure belongs to one request or one job; every other keeps its own handling.
 * Returns the listener, for the test.
 */
export function logUnhandledRejections(log: Pick<FastifyBaseLogger, 'error'>): (reason: unknown) => void {
  const listener = (reason: unknown) => {
    log.error({ err: reason }, 'a promise failed with nothing waiting for it; the server goes on');
  };
  process.on('unhandledRejection', listener);
  return listener;
}

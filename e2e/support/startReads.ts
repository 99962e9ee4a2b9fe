// What a start reads (decisions 0169, 0182, 0183): the API reads a page makes and its push socket's
// `ready`, for the specs that count what a start reads again once the socket is ready.
import type { Page } from '@playwright/test';

/** The push socket's answer to its auth, with its quiet time when the server tells one. */
export interface ReadyMessage {
  type: 'ready';
  UID: number;
  quietForMs?: number;
}

/**
 * From now on, the paths of the page's API reads (GET /client/…), and its socket's first `ready` with the
 * time from this call until it came.
 */
export function watchStartReads(page: Page): {
  reads: string[];
  ready: Promise<{ message: ReadyMessage; afterMs: number }>;
} {
  const since = Date.now();
  const reads: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() === 'GET' && pathname.startsWith('/client/')) reads.push(pathname);
  });
  const ready = new Promise<{ message: ReadyMessage; afterMs: number }>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const text = String(f.payload);
        if (text.includes('"ready"'))
          resolve({ message: JSON.parse(text) as ReadyMessage, afterMs: Date.now() - since });
      }),
    ),
  );
  return { reads, ready };
}

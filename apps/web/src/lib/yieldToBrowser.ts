/**
 * Lets the browser run what waits — a tap, a paint — before the caller goes on: a long piece of work at
 * start cut into tasks of a few milliseconds, so that none blocks a phone's main thread for long (issue 35
 * item 5: Lighthouse counts each task's time over 50 ms at a quarter of this machine's speed).
 *
 * `scheduler.yield()` where the browser has it (it resumes ahead of other queued work), otherwise a
 * message to a channel. Not `setTimeout(0)`: a tab in the background runs its timers once a second, and
 * work cut into fifty slices would take fifty seconds there.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** How long a slice of start-up work may run before it yields (a phone runs it about four times slower). */
export const SLICE_MS = 4;

/**
 * Runs `each` over `items` in slices of about SLICE_MS, yielding to the browser between them.
 */
export async function inSlices<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
    each(item);
  }
}

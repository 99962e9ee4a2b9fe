import type { Page } from '@playwright/test';

/** The page's service worker globals, which this Node-typed project does not declare. */
interface WorkerGlobals {
  navigator: {
    serviceWorker: {
      ready: Promise<{ active: { state: string } | null }>;
      controller: { scriptURL: string } | null;
    };
  };
}

/** The script of the service worker that controls the page once it is activated, else null. */
export async function controllingWorker(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const g = globalThis as unknown as WorkerGlobals;
    const ready = await g.navigator.serviceWorker.ready;
    return ready.active?.state === 'activated'
      ? (g.navigator.serviceWorker.controller?.scriptURL ?? null)
      : null;
  });
}

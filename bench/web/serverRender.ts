/**
 * The first screen rendered on Node (decision 0174, step 1 sized before it is built): the web app's own
 * providers and routes, loaded through Vite's SSR module loader, render the demo hay farmer's probe list
 * and storage with React's `prerenderToNodeStream`, from a query cache filled the way a server render
 * would fill it — render, run the queries the render asked for (the app's own query functions, against
 * the running demo app, as that user), render again until nothing is missing. Reports the server's CPU
 * time per render of a filled cache (production React), the HTML's size, and whether React fell back to
 * drawing in the browser (an error thrown while rendering on Node).
 *
 *   npx tsx bench/web/serverRender.ts [--renders 20] [--html DIR]   (DIR: each page's HTML, to read)
 *
 * Needs `npm run build` (the demo app's server). Results to stdout.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import { median } from '../support/procStats.js';
import { positive } from '../support/positiveArg.js';
import { apiLogin, assertBuilt, root, startDemoApp, storagePath } from './demoApp.js';

const { values: args } = parseArgs({
  options: { renders: { type: 'string', default: '20' }, html: { type: 'string' } },
});
const RENDERS = Math.round(positive('renders', args.renders, 1_000));
/** Render, fetch what it asked for, render again: at most this many rounds before the page is complete. */
const MAX_ROUNDS = 6;

interface Query {
  queryKey: unknown;
  state: { status: string };
  fetch(): Promise<unknown>;
}
interface QueryClient {
  getQueryCache(): { getAll(): Query[] };
}
/** The web app's modules as this bench uses them (the bench is typed without the web app's sources). */
type Component = (props: Record<string, unknown>) => null;
interface ApiOptions {
  baseUrl: string;
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}
interface ApiClient {
  refresh(): Promise<unknown>;
  forget(): void;
}

async function main() {
  assertBuilt();
  // React's production build, as a server would run it: chosen when React is first loaded, so React is
  // loaded only from here on.
  process.env.NODE_ENV = 'production';
  const { createElement } = await import('react');
  const app = await startDemoApp({ backfillDays: 1 });
  const vite = await createServer({
    root: join(root, 'apps/web'),
    configFile: join(root, 'apps/web/vite.config.ts'),
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { accessToken, refreshCookie } = await apiLogin(app.baseUrl);
    const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
    const { prerenderToNodeStream } = await import('react-dom/static');
    const { MemoryRouter } = await load<{ MemoryRouter: Component }>('react-router');
    const { QueryClient } = await load<{ QueryClient: new () => QueryClient }>('@tanstack/react-query');
    const { AppProviders } = await load<{ AppProviders: Component }>('/src/app/AppProviders.tsx');
    const { AppRoutes } = await load<{ AppRoutes: Component }>('/src/app/appRoutes.tsx');
    const { createApiClient } = await load<{ createApiClient: (options: ApiOptions) => ApiClient }>(
      '/src/lib/apiClient.ts',
    );
    // The server would render as the user its page view names; here the refresh cookie of a login.
    const api = createApiClient({
      baseUrl: app.baseUrl,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), cookie: `ew_refresh=${refreshCookie}` },
        }),
    });
    if (!(await api.refresh())) throw new Error('no session from the login');

    const render = async (queryClient: QueryClient, path: string): Promise<string> => {
      const tree = createElement(
        AppProviders,
        { api, queryClient: queryClient, children: null },
        createElement(MemoryRouter, { initialEntries: [path] }, createElement(AppRoutes)),
      );
      const { prelude } = await prerenderToNodeStream(tree);
      let html = '';
      for await (const chunk of prelude) html += String(chunk);
      return html;
    };

    for (const path of ['/probes', await storagePath(app.baseUrl, accessToken)]) {
      const queryClient = new QueryClient();
      let rounds = 0;
      for (; rounds < MAX_ROUNDS; rounds++) {
        await render(queryClient, path);
        const missing = queryClient
          .getQueryCache()
          .getAll()
          .filter((q) => q.state.status === 'pending');
        if (missing.length === 0) break;
        await Promise.all(missing.map((q) => q.fetch().catch(() => undefined)));
      }
      const cpuMs: number[] = [];
      let html = '';
      for (let i = 0; i < RENDERS; i++) {
        const before = process.cpuUsage();
        html = await render(queryClient, path);
        const used = process.cpuUsage(before);
        cpuMs.push((used.user + used.system) / 1000);
      }
      if (args.html) {
        mkdirSync(args.html, { recursive: true });
        writeFileSync(join(args.html, `${path.slice(1).replaceAll('/', '_')}.html`), html);
      }
      const fellBack = /Switched to client rendering[^"]*/.exec(html)?.[0];
      console.log(
        `${path}: ${rounds + 1} render(s) to fill the cache (${queryClient.getQueryCache().getAll().length} queries); ` +
          `${html.length} characters of HTML (${(html.match(/<style/g) ?? []).length} style elements); ` +
          `${(html.match(/data-testid="probe-row"/g) ?? []).length} probe rows, ` +
          `${(html.match(/role="progressbar"/g) ?? []).length} loading indicators, ` +
          `${(html.match(/°C/g) ?? []).length} temperatures (°C); ` +
          `CPU per render ${median(cpuMs).toFixed(1)} ms (median of ${RENDERS}, ${Math.min(...cpuMs).toFixed(1)}–${Math.max(...cpuMs).toFixed(1)})` +
          (fellBack ? `; FELL BACK: ${fellBack.slice(0, 200)}` : ''),
      );
    }
    console.log(
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    // The API client keeps a timer to refresh its token: let it go, or the process stays.
    api.forget();
  } finally {
    await vite.close();
    await app.stop();
  }
}

await main();

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { configDefaults, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// In development the API runs on its own port; the paths below are the server's route prefixes
// (spec doc 1 §7), so the browser talks to one origin exactly as it does in production.
// npm run dev sets EMBERWATCH_API_URL when the server runs on another port.
const apiTarget = process.env.EMBERWATCH_API_URL ?? 'http://127.0.0.1:8080';
// Every first path segment of the call catalogue (test/devProxy.test.ts holds the list to it): the
// spec's root calls too (/testMigrationCall, /setMigrationOn, /getMigrationCount, /charge,
// /confirmPayment, /invoiceRequest, /sentinelCall, /testSentinelCall, /voice/testCall), and the SIM
// operator's /telia/API.
export const proxied = [
  '/admin',
  '/client',
  '/auth',
  '/ingest',
  '/fc',
  '/health',
  '/testMigrationCall',
  '/setMigrationOn',
  '/getMigrationCount',
  '/sentinelCall',
  '/testSentinelCall',
  '/voice',
  '/charge',
  '/confirmPayment',
  '/invoiceRequest',
  // The SIM operator's callback (decision 0092): the operator calls the server, never the browser.
  '/telia',
  // GET /data/processStorageMonitors (spec doc 1 §7; decision 0108).
  '/data',
  // The load balancer's readiness check (decision 0125).
  '/ready',
  // The public API (decisions 0109–0111): its test page at the same paths is the app's (HTML bypass).
  '/api',
  // The Haytech app's activations (decision 0117).
  '/activateHaytechAppBS',
  '/activateHaytechAppProbeset',
] as const;

/** Modules of packages/shared/src: declarations only (types, constants, pure functions, schemas). */
const SHARED_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/]/;

/** Contract modules: packages/shared/src/contracts/*.ts. */
const CONTRACT_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/;

/** What the web client reads of an endpoint (apps/web/src/lib/apiClient.ts); the rest is the server's. */
const ENDPOINT_FIELDS_KEPT = new Set(['method', 'path', 'auth']);

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** Every node of the tree, depth first. */
function* walk(node: AstNode): Generator<AstNode> {
  yield node;
  for (const value of Object.values(node))
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* walk(child);
}

/**
 * `defineEndpoint({ method, path, query, body, response, auth, summary })` → `defineEndpoint({
 * method, path, auth })`: the client calls by method, path and auth; the schemas are for the server
 * and the types. Without their last reference the schemas, and zod with them, drop out of the build.
 * Throws on an endpoint written in another shape (spread, computed key): better no build than a
 * silent 26 kB of zod.
 */
function stripEndpointSchemas(code: string, ast: AstNode): string {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of walk(ast)) {
    const callee = node.callee as AstNode | undefined;
    if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'defineEndpoint')
      continue;
    const [arg, ...rest] = node.arguments as AstNode[];
    if (arg?.type !== 'ObjectExpression' || rest.length > 0)
      throw new Error('defineEndpoint takes one object literal');
    const kept = (arg.properties as AstNode[]).filter((p) => {
      const key = p.key as AstNode | undefined;
      if (p.type !== 'Property' || p.computed || key?.type !== 'Identifier')
        throw new Error('defineEndpoint: only plain properties');
      return ENDPOINT_FIELDS_KEPT.has(key.name as string);
    });
    const text = `{ ${kept.map((p) => code.slice(p.start, p.end)).join(', ')} }`;
    edits.push({ start: arg.start, end: arg.end, text });
  }
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, e.start)}${e.text}${out.slice(e.end)}`;
  return out;
}

/**
 * The web app imports constants, types and the endpoint catalogue from @emberwatch/shared, whose
 * contract modules also build zod schemas at module level. A bundler must assume those calls have
 * side effects, so ~26 kB gzipped of zod would ship to every page although the browser never
 * validates with it. Two steps keep it out:
 * 1. each endpoint keeps only what the client reads (stripEndpointSchemas), so the endpoint objects
 *    the web calls by no longer reference a schema;
 * 2. building a schema is pure, so each top-level `const x = call(...)` (or an object or array
 *    literal, which may hold such calls) of a contract module is marked as such (wrapped in a pure IIFE); schemas nobody imports then drop out.
 * Build only. Step 2 leaves a module it does not understand as it was; test/builtBundle.test.ts
 * builds the app and fails if zod is in it.
 *
 * Every module of the shared package is also declared free of side effects (it only declares): an
 * import of it whose exports go unused is dropped, and a chunk need not keep its place in the
 * import order. Without this, the contract modules the shell's lazy pages share with the entry
 * split the shared constants into a chunk of their own, and the first page loaded ~1 kB more.
 */
const PURE_INIT = new Set(['CallExpression', 'ObjectExpression', 'ArrayExpression']);

function treeShakeSharedSchemas(): Plugin {
  return {
    name: 'emberwatch:tree-shake-shared-schemas',
    apply: 'build',
    transform(source, id) {
      if (!SHARED_MODULE.test(id)) return null;
      if (!CONTRACT_MODULE.test(id)) return { code: source, map: null, moduleSideEffects: false };
      const code = stripEndpointSchemas(source, this.parse(source) as unknown as AstNode);
      try {
        const ast = this.parse(code);
        let out = '';
        let last = 0;
        for (const node of ast.body) {
          const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
          if (decl?.type !== 'VariableDeclaration') continue;
          for (const d of decl.declarations) {
            // A call builds a schema; an object or array literal may hold calls (a set of fields
            // spread into several schemas). Both are pure here.
            const { init } = d;
            if (!init || !PURE_INIT.has(init.type)) continue;
            out += `${code.slice(last, init.start)}/* @__PURE__ */ (() => (${code.slice(init.start, init.end)}))()`;
            last = init.end;
          }
        }
        out += code.slice(last);
        this.parse(out);
        return { code: out, map: null, moduleSideEffects: false };
      } catch {
        return { code, map: null, moduleSideEffects: false };
      }
    },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'emberwatch:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top of every chunk: the
 * functions of a file marked so are compiled as the file streams in, on a background thread, instead of
 * each on the main thread the first time it is called. A chunk is fetched when it is about to run (the
 * entry, the framework, the shell and the page at start; a page's own when it opens), and most of its
 * functions run then. Compiled lazily, a first load of the probe list compiled about 1,800 functions on
 * the main thread in its first 8 s (0.2–0.5 s here), inside the long tasks Lighthouse's phone counts four
 * times; with the hint, 7 (decision 0176, PERFORMANCE.md "Compiled as it streams in"). Browsers without
 * the hint read a comment.
 *
 * Added after the chunks are hashed and minified (the last `generateBundle`, after Vite's map of a
 * chunk's dependencies is put in front), at the very top, where V8 reads it: a file's name is then the
 * hash of its code without the comment, which is the same program.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileHints(): Plugin {
  return {
    name: 'emberwatch:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle))
          if (file.type === 'chunk') file.code = `${COMPILE_HINT}${file.code}`;
      },
    },
  };
}

/**
 * Where a build that wrote dist/ records its chunks (relative to this folder, outside dist/ so the
 * server never serves it). test/builtBundle.test.ts reads it to check the build `npm test` has just
 * made instead of building the app a second time; a chunk's modules are not in the files themselves.
 */
export const BUILD_RECORD = '.cache/build-record.json';

/** What the record holds: when the build started, where it wrote, and each chunk. */
export interface BuildRecord {
  startedAt: number;
  outDir: string;
  chunks: { fileName: string; isEntry: boolean; imports: string[]; moduleIds: string[]; sha256: string }[];
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function buildRecord(): Plugin {
  let root = '.';
  let outDir = 'dist';
  let startedAt = 0;
  return {
    name: 'emberwatch:build-record',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      startedAt = Date.now();
    },
    // Only a build that writes (npm run build) calls writeBundle; the test's in-memory build does not.
    writeBundle(_options, bundle) {
      const record: BuildRecord = {
        startedAt,
        outDir,
        chunks: Object.values(bundle).flatMap((file) =>
          file.type === 'chunk'
            ? [
                {
                  fileName: file.fileName,
                  isEntry: file.isEntry,
                  imports: file.imports,
                  moduleIds: file.moduleIds,
                  sha256: sha256(file.code),
                },
              ]
            : [],
        ),
      };
      const target = resolve(root, BUILD_RECORD);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, JSON.stringify(record));
    },
  };
}

/**
 * Framework code every page runs goes into one `vendor` file that stays cached across deploys. Only
 * packages the entry needs anyway belong here: a library used by a lazy page alone (uPlot, a MUI
 * component) in this group would be pulled into every page's initial JavaScript.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|use-sync-external-store)[\\/]/;

/**
 * MUI's styling core and Emotion, which the logged-in shell and every page under it need: their own
 * cached file, loaded with the shell. The entry (login page, auth gate) is plain CSS and never
 * imports them; bench/web/run.ts would show it if it did.
 */
/**
 * The English of every feature but common.json (which the entry holds): one file loaded right after
 * start, not one per feature. Fifty small requests queue six at a time on an HTTP/1.1 connection
 * pool and held up the phone's first page by over a second (bench/web/lighthouse.ts, decision 0144).
 */
const ENGLISH_FEATURE_TEXTS = /[\\/]i18n[\\/]locales[\\/]en[\\/](?!common\.json|server)[^\\/]+\.json$/;

const MUI_CORE_PACKAGES =
  /[\\/]node_modules[\\/](@emotion[\\/][^\\/]+|@mui[\\/](system|utils|styled-engine|private-theming)|stylis|hoist-non-react-statics|react-is|@babel[\\/]runtime|clsx)[\\/]/;

/** The logged-in frame and the probe list it opens on, which load together (app/lazyShell.tsx). */
const SHELL_ROOTS = ['src/app/AppShell.tsx', 'src/features/probes/ProbesPage.tsx'].map((f) =>
  resolve(import.meta.dirname, f),
);
const ENTRY = resolve(import.meta.dirname, 'src/main.tsx');

/** Every module `roots` import statically, themselves included (dynamic imports are other chunks). */
function staticClosure(roots: string[], ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The logged-in shell and the probe list in one file (decision 0146): the modules they import, but
 * not those the entry already has, nor the framework and MUI core (their own cached files, above).
 * Left to the automatic split, they came as some 45 files of 1–28 kB each, shared in ever other
 * combinations with the lazy pages; on a phone's HTTP/1.1 connections (six at a time) that queue cost
 * over a second (bench/web/lighthouse.ts). A lazy page that shares a module with them imports this
 * file, which every page under the shell has loaded anyway. Modules only: their dependencies stay
 * where they are (the entry's in the entry), so the login page loads none of it.
 */
function shellGroup(): Rolldown.CodeSplittingGroup {
  const closures = new WeakMap<Rolldown.ChunkingContext, { shell: Set<string>; entry: Set<string> }>();
  return {
    name: (id, ctx) => {
      let c = closures.get(ctx);
      if (!c) {
        c = { shell: staticClosure(SHELL_ROOTS, ctx), entry: staticClosure([ENTRY], ctx) };
        closures.set(ctx, c);
      }
      return c.shell.has(id) && !c.entry.has(id) ? 'shell' : null;
    },
    debugName: 'shell',
    includeDependenciesRecursively: false,
  };
}

/**
 * Web test files that replace a module (`vi.mock`) or a browser global for the whole file: each runs in
 * a module graph of its own, the `web-isolated` project (vitest.isolated.config.ts). Every other web
 * file runs in the `web` project, which imports React, MUI and the app once per worker and runs its
 * files one after another in that graph (decision 0083): those files mock no module, and what they
 * change of jsdom or of a module's state the setup file (test/setup.ts) resets before each test, or
 * they put back themselves (a global stubbed in a test: vi.unstubAllGlobals after it; test/isolatedFiles
 * checks both). A new file that mocks a module or stubs a global for the whole file belongs in this list.
 */
export const WEB_ISOLATED_FILES = [
  'test/payments.test.tsx',
  'test/realtimeBridge.test.tsx',
  'test/sitePlan.test.tsx',
];

/** What both web test projects share. */
export const webTest = {
  environment: 'jsdom',
  include: ['test/**/*.test.{ts,tsx}'],
  setupFiles: ['./test/setup.ts'],
  // jsdom has no canvas for uPlot: every file gets the tests' fake, which records each chart's options.
  alias: [{ find: /^uplot$/, replacement: resolve(import.meta.dirname, 'test/support/uplotFake.ts') }],
  // Pages render lazily in jsdom; on a loaded machine a whole flow takes longer than 5 s.
  testTimeout: 20_000,
} satisfies ViteUserConfig['test'];

/**
 * The service worker (decision 0128): src-sw/sw.ts, built by vite-plugin-pwa's injectManifest into
 * dist/sw.js with the list of this build's files that Workbox precaches — the app shell, so the
 * installed app opens with no network. The manifest stays public/manifest.webmanifest, the
 * registration ours (src/features/push/registerServiceWorker.ts).
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src-sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // Every file of the build a page may load, once per deploy (hashed names); icons and the manifest
      // for the installed app. Not the .gz/.br copies: the server picks those.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
    },
    // `npm run dev` serves the same worker (unbuilt, as a module) at /dev-sw.js?dev-sw, for push.
    devOptions: { enabled: true, type: 'module' },
  });

/**
 * The server's build of the app (`vite build --ssr`, decision 0174): src/entry-server.tsx into
 * dist-server/, which the server loads to draw a logged-in user's first screen. Node loads the packages
 * from node_modules; no service worker, no compressed copies, no build record (those are the browser's).
 */
const serverBuild = {
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
  },
} satisfies ViteUserConfig;

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        plugins: [
          react(),
          treeShakeSharedSchemas(),
          compileHints(),
          serviceWorker(),
          precompress(),
          buildRecord(),
        ],
        build: {
          outDir: 'dist',
          // Every browser the build targets supports modulepreload natively.
          modulePreload: { polyfill: false },
          emptyOutDir: true,
          // Measured by bench/web/run.ts: the gzipped initial JavaScript of /login and /probes.
          chunkSizeWarningLimit: 700,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'vendor', test: FRAMEWORK_PACKAGES },
                  { name: 'mui-core', test: MUI_CORE_PACKAGES },
                  { name: 'texts-en', test: ENGLISH_FEATURE_TEXTS },
                  shellGroup(),
                ],
              },
            },
          },
        },
        server: {
          proxy: {
            // A page under /admin (the outbox) opened or reloaded in the browser is the app's, not the API's.
            ...Object.fromEntries(
              proxied.map((p) => [
                p,
                {
                  target: apiTarget,
                  bypass: (req: { headers: { accept?: string } }) =>
                    req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
                },
              ]),
            ),
            '/ws': { target: apiTarget, ws: true },
          },
        },
        test: {
          ...webTest,
          name: 'web',
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED_FILES],
          isolate: false,
        },
      },
);

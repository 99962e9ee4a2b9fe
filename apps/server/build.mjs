// Bundles the server (and the shared TypeScript source it imports) into dist/main.js.
// node_modules stay external: native modules such as better-sqlite3 cannot be bundled.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

// The web app's locale files (locales/<locale>/<feature>.json) seed the translations table at start.
// They are discovered here, at build time, and compiled into the bundle through `define`, so a
// deployment needs no web source tree. Same discovery as readLocaleFiles() in
// src/features/translations/bundledLocales.ts, which tests and tsx use from source.
const localesDir = '../web/src/i18n/locales';
const bundledLocales = readdirSync(localesDir)
  .sort()
  .flatMap((locale) =>
    readdirSync(join(localesDir, locale))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({
        locale,
        category: f.slice(0, -'.json'.length),
        content: JSON.parse(readFileSync(join(localesDir, locale, f), 'utf8')),
      })),
  );

/**
 * `packages: 'external'` leaves every package to node_modules, but @emberwatch/shared ships TypeScript
 * source: its subpaths (`@emberwatch/shared/contracts/x`, package.json `exports`) are bundled in.
 */
const bundleShared = {
  name: 'bundle-shared',
  setup(b) {
    b.onResolve({ filter: /^@emberwatch\/shared\/(?:contracts|domain)\// }, (args) => ({
      path: resolve(
        import.meta.dirname,
        '../../packages/shared/src',
        `${args.path.slice('@emberwatch/shared/'.length)}.ts`,
      ),
    }));
  },
};

// The server, and the backup tool (`npm run backup`, `npm run restore`: scripts/ops.mjs).
await build({
  entryPoints: { main: 'src/main.ts', ops: 'src/ops/opsCli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  plugins: [bundleShared],
  define: { __EMBERWATCH_BUNDLED_LOCALES__: JSON.stringify(bundledLocales) },
  logLevel: 'warning',
});

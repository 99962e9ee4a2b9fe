// Bundles the server (and the shared TypeScript source it imports) into dist/main.js.
// node_modules stay external: native modules such as better-sqlite3 cannot be bundled.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@emberwatch/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});

// Bundles the stand-ins' command line into one ESM file; packages (smtp-server) stay in node_modules.
import { chmod } from 'node:fs/promises';
import { build } from 'esbuild';

const outfile = new URL('./dist/main.js', import.meta.url).pathname;

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  legalComments: 'none',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
await chmod(outfile, 0o755);

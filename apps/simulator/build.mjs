// Bundles the simulator (and @emberwatch/shared, which ships TypeScript source) into one ESM file.
import { build } from 'esbuild';
import { chmod } from 'node:fs/promises';

const outfile = new URL('./dist/main.js', import.meta.url).pathname;

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
console.log(`built ${outfile}`);

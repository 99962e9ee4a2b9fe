// Bundles a workspace's command line (`src/main.ts`) into one executable ESM file, `dist/main.js`.
// Each workspace passes its own esbuild's `build`, so it keeps the esbuild version it depends on.
import { chmod } from 'node:fs/promises';

/**
 * @param {(options: object) => Promise<unknown>} build esbuild's build function
 * @param {URL} workspace the workspace folder (`new URL('.', import.meta.url)` in its build.mjs)
 * @param {object} [extra] more esbuild options (e.g. `packages: 'external'`)
 * @returns {Promise<string>} the file written
 */
export async function buildCli(build, workspace, extra = {}) {
  const outfile = new URL('./dist/main.js', workspace).pathname;
  await build({
    entryPoints: [new URL('./src/main.ts', workspace).pathname],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    legalComments: 'none',
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'warning',
    ...extra,
  });
  await chmod(outfile, 0o755);
  return outfile;
}

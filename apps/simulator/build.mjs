// Bundles the simulator (and @emberwatch/shared, which ships TypeScript source) into one ESM file.
import { build } from 'esbuild';
import { buildCli } from '../../scripts/lib/buildCli.mjs';

console.log(`built ${await buildCli(build, new URL('.', import.meta.url))}`);

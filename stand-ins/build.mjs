// Bundles the stand-ins' command line into one ESM file; packages (smtp-server) stay in node_modules.
import { build } from 'esbuild';
import { buildCli } from '../scripts/lib/buildCli.mjs';

await buildCli(build, new URL('.', import.meta.url), { packages: 'external' });

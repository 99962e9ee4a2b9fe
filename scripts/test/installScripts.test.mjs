import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unapprovedInstallScripts } from '../lib/installScripts.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const lock = {
  packages: {
    '': { name: 'emberwatch' },
    'node_modules/better-sqlite3': { version: '12.11.1', hasInstallScript: true },
    'apps/server/node_modules/esbuild': { version: '0.25.12', hasInstallScript: true },
    'node_modules/@scope/native': { version: '1.2.3', hasInstallScript: true },
    'node_modules/zod': { version: '4.0.0' },
  },
};

describe('dependencies with install scripts', () => {
  it('are all approved in package.json', () => {
    expect(unapprovedInstallScripts(repoRoot)).toEqual([]);
  });

  it('are found wherever they are locked, by name or by name and version', () => {
    expect(unapprovedInstallScripts(repoRoot, lock, {})).toEqual([
      '@scope/native@1.2.3',
      'better-sqlite3@12.11.1',
      'esbuild@0.25.12',
    ]);
    expect(
      unapprovedInstallScripts(repoRoot, lock, {
        'better-sqlite3': true,
        'esbuild@0.25.12': true,
        '@scope/native': false,
      }),
    ).toEqual(['@scope/native@1.2.3']);
  });
});

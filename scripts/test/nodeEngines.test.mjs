import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesRejecting, promisedNode } from '../lib/nodeEngines.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the Node version the README promises', () => {
  it('is accepted by every installed dependency', () => {
    const { oldest } = promisedNode(repoRoot);
    expect(packagesRejecting(repoRoot, oldest)).toEqual([]);
  });

  it('is the one the README names', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
    const { oldest } = promisedNode(repoRoot);
    const [major, minor] = oldest.split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it('catches a dependency that needs a newer Node', () => {
    // The check itself must be able to fail: Node 18 is older than what several dependencies accept.
    expect(packagesRejecting(repoRoot, '18.0.0').length).toBeGreaterThan(0);
  });
});

// The README promises a Node version (the root package.json's "engines"); every installed package must
// accept the oldest Node that promise allows, or `npm ci` warns and the package may not run there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/** The oldest Node version the root package.json's engines range admits. */
export function promisedNode(repoRoot) {
  const range = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).engines?.node;
  const oldest = range ? semver.minVersion(range) : null;
  if (!oldest) throw new Error(`package.json has no usable engines.node range (${range})`);
  return { range, oldest: oldest.version };
}

/** Every installed package (in any node_modules of the workspaces) whose engines.node rejects `nodeVersion`. */
export function packagesRejecting(repoRoot, nodeVersion) {
  const rejecting = [];
  const seen = new Set();
  const visit = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
      const dirPath = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(dirPath);
        continue;
      }
      if (entry.isSymbolicLink()) continue; // workspace links: their own folders are visited below
      const manifestPath = path.join(dirPath, 'package.json');
      if (existsSync(manifestPath) && !seen.has(manifestPath)) {
        seen.add(manifestPath);
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
        const range = manifest.engines?.node;
        if (typeof range === 'string' && semver.validRange(range) && !semver.satisfies(nodeVersion, range)) {
          rejecting.push(`${manifest.name}@${manifest.version} needs node ${range}`);
        }
      }
      visit(path.join(dirPath, 'node_modules'));
    }
  };
  const workspaces = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces ?? [];
  for (const folder of ['.', ...workspaces]) visit(path.join(repoRoot, folder, 'node_modules'));
  return rejecting;
}

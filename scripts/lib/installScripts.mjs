// Dependencies that run a script at install (better-sqlite3 compiles its native module, esbuild places its
// binary) must be named in the root package.json's "allowScripts": npm 11.16+ only warns about the others,
// npm 12 skips their scripts, and a skipped better-sqlite3 build fails the server at its first query.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The package's name from its lockfile path (`node_modules/@scope/name`, `apps/x/node_modules/name`). */
function nameOf(lockPath) {
  const at = lockPath.lastIndexOf('node_modules/');
  return at < 0 ? null : lockPath.slice(at + 'node_modules/'.length);
}

/**
 * `name@version` of every locked package with an install script that `allowScripts` does not approve, by
 * its name or its name and version (npm's two forms of an entry). `lock` and `allowScripts` default to the
 * repository's own files.
 */
export function unapprovedInstallScripts(repoRoot, lock, allowScripts) {
  const lockfile = lock ?? JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  const allowed =
    allowScripts ?? JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).allowScripts ?? {};
  const unapproved = new Set();
  for (const [lockPath, entry] of Object.entries(lockfile.packages ?? {})) {
    if (!entry.hasInstallScript) continue;
    const name = nameOf(lockPath);
    if (name === null) continue; // the root or a workspace: its own scripts, not a dependency's
    if (allowed[name] === true || allowed[`${name}@${entry.version}`] === true) continue;
    unapproved.add(`${name}@${entry.version}`);
  }
  return [...unapproved].sort();
}

// `npm run backup` and `npm run restore`: the store's backup tool (apps/server/src/ops/opsCli.ts),
// with the same defaults as `npm start` (DATA_DIR=./data at the repository's root) and backups in
// ./backups unless BACKUP_DIR or --to says otherwise. Builds the server first if it was never built.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/proc.mjs';

const ops = path.join(repoRoot, 'apps/server/dist/ops.js');
if (!existsSync(ops)) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@emberwatch/server', '--silent'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const env = {
  ...process.env,
  DATA_DIR: path.resolve(repoRoot, process.env.DATA_DIR || 'data'),
  BACKUP_DIR: path.resolve(repoRoot, process.env.BACKUP_DIR || 'backups'),
};
const result = spawnSync(process.execPath, [ops, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../db/privateFiles.js';

/** What a backup folder holds beside its data: enough to restore it and to check the restore. */
export interface BackupManifest {
  format: 'emberwatch-backup/1';
  engine: 'sqlite' | 'postgres';
  /** When the snapshot was taken (Unix seconds, UTC). */
  taken_ts: number;
  /** The data file in the folder: the SQLite database, or pg_dump's custom-format archive. */
  file: string;
  /** PostgreSQL: the schema dumped (absent: the database's own tables in `public`). */
  schema?: string;
  /** The migrations applied in the snapshot: a build that lacks one of them refuses to restore it. */
  migrations: string[];
  /** Every table's row count in the snapshot, the same instant as the data. */
  rows: Record<string, number>;
  /** Other files of the data folder copied beside it (the demo stations' credentials). */
  files: string[];
}

export const MANIFEST_FILE = 'manifest.json';

export function writeManifest(dir: string, manifest: BackupManifest): void {
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
}

export function readManifest(dir: string): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  } catch (err) {
    throw new Error(`${dir} is not an Emberwatch backup: no readable ${MANIFEST_FILE}`, { cause: err });
  }
  const m = parsed as Partial<BackupManifest>;
  if (m.format !== 'emberwatch-backup/1' || (m.engine !== 'sqlite' && m.engine !== 'postgres') || !m.file)
    throw new Error(`${dir}/${MANIFEST_FILE} is not an Emberwatch backup manifest`);
  return m as BackupManifest;
}

/** The tables whose counts differ between two snapshots' counts, as "table: a → b". */
export function rowDifferences(a: Record<string, number>, b: Record<string, number>): string[] {
  const tables = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return tables.filter((t) => a[t] !== b[t]).map((t) => `${t}: ${a[t] ?? 'none'} → ${b[t] ?? 'none'}`);
}

/** A folder name for a backup taken at `ts`: emberwatch-20261130T071500Z. */
export function backupFolderName(ts: number): string {
  const iso = new Date(ts * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `emberwatch-${iso}`;
}

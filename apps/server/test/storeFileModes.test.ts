import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/createDatabase.js';
import { ensurePrivateDir } from '../src/db/privateFiles.js';

// The store holds password hashes and every secret of the installation: whatever the umask, other local
// users may not read it (decision 0075). The modes are about files, so this runs on SQLite only.
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the data directory and the SQLite files are private', () => {
  let root: string;
  let umask: number;
  const stores: Store[] = [];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'emberwatch-modes-'));
    // The usual default: without care, directories come out 0755 and files 0644.
    umask = process.umask(0o022);
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  async function openAndWrite(path: string, warnings: string[] = []): Promise<Store> {
    const store = openStore({ sqlitePath: path, onLooseMode: (p) => warnings.push(p) });
    stores.push(store);
    await sql`create table if not exists t (v integer)`.execute(store.db);
    await sql`insert into t (v) values (1)`.execute(store.db);
    return store;
  }

  it('creates the directory 0700 and the database, -wal and -shm 0600 under umask 022', async () => {
    const dataDir = join(root, 'data');
    const db = join(dataDir, 'emberwatch.db');
    const warnings: string[] = [];
    await openAndWrite(db, warnings);

    expect(existsSync(`${db}-wal`) && existsSync(`${db}-shm`)).toBe(true);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(db)).toBe(0o600);
    expect(mode(`${db}-wal`)).toBe(0o600);
    expect(mode(`${db}-shm`)).toBe(0o600);
    // Nothing was exposed: a fresh store warns about nothing.
    expect(warnings).toEqual([]);
  });

  it('tightens a directory and files an earlier run left readable by others, and says so', async () => {
    const dataDir = join(root, 'data');
    const db = join(dataDir, 'emberwatch.db');
    // An earlier run (still open here, as after a kill -9) left its -wal and -shm beside the database.
    await openAndWrite(db);
    chmodSync(dataDir, 0o755);
    for (const f of [db, `${db}-wal`, `${db}-shm`]) chmodSync(f, 0o644);

    const warnings: string[] = [];
    await openAndWrite(db, warnings);

    expect(mode(dataDir)).toBe(0o700);
    for (const f of [db, `${db}-wal`, `${db}-shm`]) expect(mode(f)).toBe(0o600);
    expect(warnings.sort()).toEqual([dataDir, db, `${db}-shm`, `${db}-wal`].sort());
  });

  it('makes the data directory private also when only it is prepared (PostgreSQL keeps secrets there too)', () => {
    const dataDir = join(root, 'pg-data');
    ensurePrivateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);

    const loose = join(root, 'old');
    mkdirSync(loose, { mode: 0o755 });
    const warnings: string[] = [];
    ensurePrivateDir(loose, (p) => warnings.push(p));
    expect(mode(loose)).toBe(0o700);
    expect(warnings).toEqual([loose]);
  });
});

import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Room a run's test stores need at most, with a wide margin (each SQLite app's store is a few MB). */
const NEEDED_BYTES = 1024 ** 3;

let root: string | undefined;

/**
 * Where the server tests' SQLite stores go: `/dev/shm` (a tmpfs: memory) when it is there and has a GiB
 * free, else the system's temporary folder; `TEST_DATA_ROOT` chooses. A test app's store is fsynced on
 * every commit (`synchronous = FULL`, as in production) and each app makes and deletes a folder of files;
 * on memory neither costs disk work, and what the tests check — what a commit stored, what survives a
 * killed process — is the same (decision 0162).
 */
export function testDataRoot(): string {
  root ??= process.env.TEST_DATA_ROOT ?? (hasRoom('/dev/shm') ? '/dev/shm' : tmpdir());
  return root;
}

function hasRoom(path: string): boolean {
  try {
    const s = statfsSync(path);
    return s.bavail * s.bsize >= NEEDED_BYTES;
  } catch {
    return false;
  }
}

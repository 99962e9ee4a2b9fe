import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * The data directory holds password hashes, the Web Push private key, Sentinel signing secrets and
 * delivery keys, so only the server's own user may read it: the directory 0700, every file 0600,
 * whatever the umask (decision 0075). A mode given to mkdir/open is masked by the umask, so each is
 * also set with chmod; a directory or file left looser by an earlier version is tightened with a
 * warning, so that the operator knows it was exposed.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Told when a directory or file was found readable or writable by others and was tightened. */
export type LooseModeWarning = (path: string, was: number, now: number) => void;

export const warnOnStderr: LooseModeWarning = (path, was, now) => {
  process.stderr.write(
    `Emberwatch: ${path} was open to other local users (mode ${octal(was)}); set to ${octal(now)}\n`,
  );
};

function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8)}`;
}

/** Creates the directory (and its parents) if needed and makes the directory itself 0700. */
export function ensurePrivateDir(dir: string, warn: LooseModeWarning = warnOnStderr): void {
  const created = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE }) !== undefined;
  tighten(dir, PRIVATE_DIR_MODE, created ? null : warn);
}

/**
 * Makes an existing file 0600, or creates it empty with that mode (an empty file is a new SQLite
 * database; SQLite then gives the -wal and -shm files it creates the database file's mode).
 */
export function ensurePrivateFile(file: string, warn: LooseModeWarning = warnOnStderr): void {
  let created = false;
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  tighten(file, PRIVATE_FILE_MODE, created ? null : warn);
}

/** Tightens the file to `mode` when it is looser; a file that does not exist is left alone. */
export function tightenIfExists(file: string, mode: number, warn: LooseModeWarning | null): void {
  try {
    tighten(file, mode, warn);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/**
 * Sets `mode` exactly. `warn` is null for what was just created (the umask, not an earlier run, made
 * it whatever it is), and is told only when others could read, write or enter it.
 */
function tighten(path: string, mode: number, warn: LooseModeWarning | null): void {
  const was = statSync(path).mode & 0o777;
  if (was === mode) return;
  chmodSync(path, mode);
  if (warn && (was & 0o077) !== 0) warn(path, was, mode);
}

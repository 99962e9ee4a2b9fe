// Small process helpers shared by the repository scripts (test, start, dev, bench).
// Plain Node, no dependencies: these scripts must run before anything is built.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A locally installed CLI (node_modules/.bin), so no script depends on npx resolving it. */
export function bin(name) {
  return path.join(repoRoot, 'node_modules', '.bin', name);
}

const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (text) => (useColour ? `\x1b[${code}m${text}\x1b[0m` : text);
export const bold = paint('1');
export const red = paint('31');
export const green = paint('32');
export const yellow = paint('33');
export const cyan = paint('36');

export function banner(title) {
  const line = '═'.repeat(Math.max(60, title.length + 4));
  console.log(`\n${cyan(line)}\n${cyan('  ' + title)}\n${cyan(line)}`);
}

/** Children that are running now, so that a signal to the script reaches them. */
const running = new Set();

export function runningChildren() {
  return [...running];
}

/**
 * Starts a child with inherited stdio (or the given stdio) and tracks it.
 * Resolves never; use `exited(child)` to wait.
 */
export function start(command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    ...options,
    env: options.env ?? process.env,
  });
  running.add(child);
  child.exitPromise = new Promise((resolve) => {
    child.once('error', (error) => {
      running.delete(child);
      resolve({ code: 127, signal: null, error });
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, error: null });
    });
  });
  return child;
}

export function exited(child) {
  return child.exitPromise;
}

/** Runs a command to completion; resolves to its exit code (signals map to 128+n like a shell). */
export function run(command, args, options = {}) {
  return exitCode(command, start(command, args, options));
}

/** Waits for a child that `start` started; resolves to its exit code as `run` gives it. */
export async function exitCode(command, child) {
  const { code, signal, error } = await exited(child);
  if (error) {
    console.error(red(`Could not start ${command}: ${error.message}`));
    return 127;
  }
  if (signal) return 128 + (signalNumbers[signal] ?? 1);
  return code ?? 1;
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/** Sends a signal to a child, then SIGKILL after `graceMs` if it is still alive. */
export async function stop(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/** Polls GET url until it answers 200, the child dies, or the time is up. */
export async function waitForHealth(url, { child, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `the process exited (code ${child.exitCode ?? child.signalCode}) before ${url} answered`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A path relative to the working directory when it lies inside it, else absolute. */
export function displayPath(target) {
  const relative = path.relative(process.cwd(), target);
  return relative === '' ? '.' : relative.startsWith('..') ? target : relative;
}

/** Waits until a file exists (the server writes demo-stations.json after it starts listening). */
export async function waitForFile(file, { child, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) return false;
    if (child && (child.exitCode !== null || child.signalCode !== null)) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

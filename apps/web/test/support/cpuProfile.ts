import { afterAll, beforeAll, expect } from 'vitest';
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Where a web test file's CPU goes: with `TEST_CPU_PROFILE_DIR=DIR`, each file's tests run under V8's
 * sampling profiler and the file's profile is written to DIR/<file>-<time>.cpuprofile, for
 * `npx tsx bench/test-run/summariseProfiles.ts DIR` (by package, function and file). Vitest's
 * `--cpu-prof` writes nothing from its workers, which are ended without a graceful exit, hence this.
 * Without the variable this does nothing.
 */
const dir = process.env.TEST_CPU_PROFILE_DIR;

/** One inspector session per worker: files share the worker's module graph (decision 0083). */
const holder = globalThis as { __testCpuProfileSession?: Session };

const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    holder.__testCpuProfileSession!.post(method, params ?? {}, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

export function profileEachFile(): void {
  if (!dir) return;
  beforeAll(async () => {
    if (!holder.__testCpuProfileSession) {
      mkdirSync(dir, { recursive: true });
      holder.__testCpuProfileSession = new Session();
      holder.__testCpuProfileSession.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 500 });
    }
    await post('Profiler.start');
  });
  afterAll(async () => {
    const file = basename(expect.getState().testPath ?? 'unknown');
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(join(dir, `${file}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  });
}

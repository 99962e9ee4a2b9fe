import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_ISOLATED_FILES } from '../vite.config';

// Files of the shared `web` project import the app once per worker (decision 0083): a file that mocks a
// module or stubs a global there would change it for every file after it. Such a file must be isolated.
describe('web test files that mock', () => {
  it('are all in the isolated project', () => {
    const testDir = join(import.meta.dirname);
    const mocking = readdirSync(testDir)
      .filter((f) => /\.test\.tsx?$/.test(f))
      .filter((f) => /\bvi\.(mock|doMock|stubGlobal)\(/.test(readFileSync(join(testDir, f), 'utf8')))
      .map((f) => `test/${f}`)
      .sort();
    expect(mocking.filter((f) => !WEB_ISOLATED_FILES.includes(f))).toEqual([]);
  });
});

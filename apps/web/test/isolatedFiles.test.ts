import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_ISOLATED_FILES } from '../vite.config';

// Files of the shared `web` project import the app once per worker (decision 0083): a file that mocks a
// module there would change it for every file after it, and so would a global stubbed and never put back.
// Such a file must be isolated. A file that stubs globals only inside its tests and puts them back
// (vi.unstubAllGlobals after each) may share the graph.
const testDir = join(import.meta.dirname);
const sources = readdirSync(testDir)
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => ({ file: `test/${f}`, text: readFileSync(join(testDir, f), 'utf8') }));
const shared = sources.filter((s) => !WEB_ISOLATED_FILES.includes(s.file));

describe('web test files that mock', () => {
  it('a module are all in the isolated project', () => {
    expect(shared.filter((s) => /\bvi\.(mock|doMock)\(/.test(s.text)).map((s) => s.file)).toEqual([]);
  });

  it('a global, in the shared project, put every global back', () => {
    expect(
      shared
        .filter((s) => /\bvi\.stubGlobal\(/.test(s.text) && !/\bvi\.unstubAllGlobals\(\)/.test(s.text))
        .map((s) => s.file),
    ).toEqual([]);
  });
});

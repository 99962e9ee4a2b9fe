import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSuiteErrors } from '../lib/vitestJsonReporter.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(import.meta.dirname, 'fixtures/describe-hook');

describe("npm test's JSON report of a Vitest run", () => {
  it("gives a file that failed in a describe block's hook that hook's error, as Vitest's own report does not", () => {
    const out = mkdtempSync(path.join(tmpdir(), 'emberwatch-json-reporter-'));
    try {
      const run = (reporter) => {
        const report = path.join(out, `${reporter.replace(/\W/g, '-')}.json`);
        spawnSync(
          process.execPath,
          [
            path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
            'run',
            '--root',
            fixture,
            `--reporter=${reporter}`,
            `--outputFile=${report}`,
          ],
          { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
        );
        return JSON.parse(readFileSync(report, 'utf8')).testResults[0];
      };
      const ours = run(path.join(repoRoot, 'scripts/lib/vitestJsonReporter.mjs'));
      expect(ours).toMatchObject({ status: 'failed', message: 'instance 1 exited before it was ready' });
      expect(ours.assertionResults).toMatchObject([{ title: 'never runs', status: 'skipped' }]);
      // Why the reporter exists: should Vitest's own report come to carry the message, it can go.
      expect(run('json')).toMatchObject({ status: 'failed', message: '' });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("keeps a file's own message, and leaves passed files and files without hook errors alone", () => {
    const report = {
      testResults: [
        { name: '/r/a.test.ts', status: 'failed', message: 'Cannot find module' },
        { name: '/r/b.test.ts', status: 'failed', message: '' },
        { name: '/r/c.test.ts', status: 'passed', message: '' },
        { name: '/r/d.test.ts', status: 'failed', message: '' },
      ],
    };
    const byFile = new Map([
      ['/r/a.test.ts', ['hook a']],
      ['/r/b.test.ts', ['hook b', 'hook b again']],
      ['/r/c.test.ts', ['hook c']],
    ]);
    expect(withSuiteErrors(report, byFile).testResults.map((f) => f.message)).toEqual([
      'Cannot find module',
      'hook b\nhook b again',
      '',
      '',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { failedPlaywrightTests, failedTestLines, failedVitestTests } from '../lib/failedTests.mjs';

describe('the failed tests named at the end of npm test', () => {
  it('names each failed Vitest test from the repository root, with its message’s first lines', () => {
    const failed = failedVitestTests(
      {
        testResults: [
          {
            name: '/check/work/main/apps/web/test/a.test.tsx',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'a passes' },
              {
                status: 'failed',
                fullName: 'a › shows the list',
                failureMessages: [
                  '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n  at x.ts:1\n  at y.ts:2\n  at z.ts:3',
                ],
              },
            ],
          },
          {
            name: '/check/work/main/apps/server/test/b.test.ts',
            status: 'failed',
            message: 'Cannot find module',
            assertionResults: [],
          },
          {
            name: '/check/work/main/apps/server/test/c.test.ts',
            status: 'passed',
            assertionResults: [{ status: 'passed' }],
          },
        ],
      },
      '/check/work/main',
    );
    expect(failed).toEqual([
      {
        where: 'apps/web/test/a.test.tsx',
        title: 'a › shows the list',
        lines: ['AssertionError: expected 1 to be 2', 'at x.ts:1', 'at y.ts:2'],
      },
      {
        where: 'apps/server/test/b.test.ts',
        title: '(the file failed before its tests ran)',
        lines: ['Cannot find module'],
      },
    ]);
  });

  it('keeps only the files the filter keeps, by their absolute path', () => {
    const report = {
      testResults: [
        { name: '/r/apps/server/test/a.test.ts', status: 'failed', message: 'x', assertionResults: [] },
        { name: '/r/apps/web/test/b.test.tsx', status: 'failed', message: 'y', assertionResults: [] },
      ],
    };
    expect(
      failedVitestTests(report, '/r', (name) => name.includes('/apps/server/')).map((f) => f.where),
    ).toEqual(['apps/server/test/a.test.ts']);
  });

  it('names each Playwright test whose last attempt failed or that passed only when run again, inside its describe blocks, and errors outside tests', () => {
    const failed = failedPlaywrightTests({
      suites: [
        {
          title: 'shell.spec.ts',
          file: 'shell.spec.ts',
          specs: [
            { title: 'passes', file: 'shell.spec.ts', line: 3, tests: [{ status: 'expected', results: [] }] },
            {
              title: 'wavers',
              file: 'shell.spec.ts',
              line: 5,
              tests: [
                {
                  status: 'flaky',
                  results: [
                    { status: 'failed', error: { message: 'Expected: visible' } },
                    { status: 'passed' },
                  ],
                },
              ],
            },
          ],
          suites: [
            {
              title: 'on a phone',
              file: 'shell.spec.ts',
              specs: [
                {
                  title: 'fits',
                  file: 'shell.spec.ts',
                  line: 9,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ status: 'timedOut', error: { message: 'Timeout 30000ms' } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'globalSetup failed' }],
    });
    expect(failed).toEqual([
      {
        where: 'e2e/shell.spec.ts:5',
        title: 'wavers (flaky: failed, then passed when run again)',
        lines: ['Expected: visible'],
      },
      { where: 'e2e/shell.spec.ts:9', title: 'on a phone › fits', lines: ['Timeout 30000ms'] },
      { where: 'e2e', title: '(an error outside the tests)', lines: ['globalSetup failed'] },
    ]);
  });

  it('reads a missing report as no failures, and lists at most the given number with a count of the rest', () => {
    expect(failedVitestTests(null)).toEqual([]);
    expect(failedPlaywrightTests(undefined)).toEqual([]);
    expect(failedTestLines([])).toEqual([]);
    const many = Array.from({ length: 3 }, (_, i) => ({ where: `f${i}`, title: `t${i}`, lines: ['m'] }));
    expect(failedTestLines(many, 2)).toEqual([
      '  failed tests (3):',
      '  ✗ f0 › t0',
      '      m',
      '  ✗ f1 › t1',
      '      m',
      '  … and 1 more: see the reports',
    ]);
  });
});

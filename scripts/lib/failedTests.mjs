// The failed tests of the runs' JSON reports, named at the end of `npm test`: CI shows only the last part
// of what a run printed, and a failure far above the summary was lost with the rest (stop 44's two).

const MESSAGE_LINES = 3;
const LINE_LENGTH = 200;

/** The first lines of a failure's message, without colour codes, each cut to a readable length. */
function firstLines(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex -- colour codes are control characters by definition
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, MESSAGE_LINES)
      .map((line) => (line.length > LINE_LENGTH ? `${line.slice(0, LINE_LENGTH - 1)}…` : line))
  );
}

/** A file's path from the repository root, however deep the clone lies. */
const fromRoot = (file, repoRoot) =>
  repoRoot && String(file).startsWith(`${repoRoot}/`)
    ? String(file).slice(repoRoot.length + 1)
    : String(file);

/**
 * Each failed test of a Vitest JSON report (Jest's shape), or a file that failed before its tests ran
 * (counted as one failure): `{ where, title, lines }`; only the files `fileFilter` keeps, by absolute path.
 */
export function failedVitestTests(report, repoRoot, fileFilter = () => true) {
  const failed = [];
  for (const file of report?.testResults ?? []) {
    if (!fileFilter(file.name ?? '')) continue;
    const where = fromRoot(file.name ?? '?', repoRoot);
    let inFile = 0;
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      inFile += 1;
      failed.push({
        where,
        title: t.fullName ?? t.title ?? '?',
        lines: firstLines((t.failureMessages ?? [])[0]),
      });
    }
    if (file.status === 'failed' && inFile === 0)
      failed.push({
        where,
        title: '(the file failed before its tests ran)',
        lines: firstLines(file.message),
      });
  }
  return failed;
}

/**
 * Each test of a Playwright JSON report that failed: its last attempt failed or timed out, or it failed
 * and then passed when run again for its trace (flaky, which fails the run too; decision 0167), named with
 * the first failure's message.
 */
export function failedPlaywrightTests(report) {
  const failed = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const results = test.results ?? [];
        const shown = test.status === 'flaky' ? results.find((r) => r.status !== 'passed') : results.at(-1);
        const title = [...titles, spec.title].filter(Boolean).join(' › ');
        failed.push({
          where: `e2e/${spec.file ?? suite.file ?? '?'}:${spec.line ?? '?'}`,
          title: test.status === 'flaky' ? `${title} (flaky: failed, then passed when run again)` : title,
          lines: firstLines(shown?.error?.message ?? shown?.status),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ? [...titles, child.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  for (const error of report?.errors ?? [])
    failed.push({ where: 'e2e', title: '(an error outside the tests)', lines: firstLines(error.message) });
  return failed;
}

/** The lines that name them, at most `max` tests, with a count of the rest. */
export function failedTestLines(failed, max = 12) {
  if (failed.length === 0) return [];
  const lines = [`  failed tests (${failed.length}):`];
  for (const f of failed.slice(0, max)) {
    lines.push(`  ✗ ${f.where} › ${f.title}`);
    for (const line of f.lines) lines.push(`      ${line}`);
  }
  if (failed.length > max) lines.push(`  … and ${failed.length - max} more: see the reports`);
  return lines;
}

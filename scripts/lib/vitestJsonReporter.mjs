// Vitest's JSON report, with the errors of a describe block's hooks. Vitest writes a file's own errors
// into its `message` but not a describe block's: a `beforeAll` inside `describe` that throws or runs out
// of time leaves a failed file with an empty message and its tests skipped, and the end of `npm test`
// (the part of a run CI shows) named the file without saying why (stop 62's three-instances test).
// `npm test` passes this file as `--reporter=<path>`; the report's shape is otherwise Vitest's own.
import { JsonReporter } from 'vitest/node';

/** The errors of every describe block of each test module, by the module's path. */
export function suiteErrorsByFile(testModules) {
  const byFile = new Map();
  for (const testModule of testModules) {
    const messages = [];
    for (const suite of testModule.children.allSuites())
      for (const error of suite.errors()) messages.push(error.message || String(error));
    if (messages.length > 0) byFile.set(testModule.moduleId, messages);
  }
  return byFile;
}

/** A report's failed files with no message of their own get their describe blocks' errors. */
export function withSuiteErrors(report, byFile) {
  for (const file of report.testResults ?? []) {
    const messages = byFile.get(file.name);
    if (file.status === 'failed' && !file.message && messages) file.message = messages.join('\n');
  }
  return report;
}

export default class VitestJsonReporter extends JsonReporter {
  suiteErrors = new Map();

  async onTestRunEnd(testModules, ...rest) {
    this.suiteErrors = suiteErrorsByFile(testModules);
    return super.onTestRunEnd(testModules, ...rest);
  }

  async writeReport(report) {
    return super.writeReport(JSON.stringify(withSuiteErrors(JSON.parse(report), this.suiteErrors)));
  }
}

#!/usr/bin/env node
// `npm test`: every test of the project, in one command, ending with one line `N passed, N failed, N skipped`.
//
//   1. build       npm run build (the end-to-end tests drive the built server, web app and simulator)
//   2. vitest      every Vitest project (shared, server, simulator, web) with the server on SQLite,
//                  two files at a time even on two cores
//   3. postgres    the server project again with TEST_STORE=postgres against TEST_DATABASE_URL
//                  (default postgres://postgres@127.0.0.1:5432/test; each worker in a database of its own,
//                  <name>_w<N>, made when missing); loudly SKIPPED when PostgreSQL
//                  does not answer, or a failure when REQUIRE_POSTGRES=1
//   4. e2e         Playwright in Debian's Chromium headless shell (/usr/bin/chromium-headless-shell),
//                  web push in its full Chromium (/usr/bin/chromium), decision 0155; both installed with
//                  apt when missing and running as root
//   5. cluster     three built server instances on one PostgreSQL behind Debian's nginx
//                  (/usr/sbin/nginx, installed with apt like Chromium), one killed and restarted
//                  (apps/server/test/cluster/, decision 0137); skipped loudly without PostgreSQL, a
//                  failure then with REQUIRE_POSTGRES=1
//
// Step 5 runs beside step 3 when both run and PostgreSQL answers (decision 0164): in a run of its own of this
// script (--only=cluster --summary-file=…), its output kept in .test-output/beside-cluster.log and printed
// after the PostgreSQL step's. It mostly waits for its instances, and the two steps share no port,
// database or report.
//
// Each step writes a JSON report into .test-output/; the totals are read from those reports.
// A step that crashes without a report (a build error, a hung run, a broken global setup) counts as one
// failure, so the final line never says "0 failed" about a run that did not pass.
//
// Options: --skip-build (reuse dist/), --only=vitest,postgres,e2e (run some steps; the build still runs
// unless skipped; `cluster` is one of them), --one-at-a-time (every step after the one before, as before
// 0164), --summary-file=F (write the counts, failures and step times to F as JSON: the run beside the
// PostgreSQL step). Environment: TEST_DATABASE_URL, REQUIRE_POSTGRES=1, CHROMIUM_PATH, TEST_CHROMIUM_PATH,
// NGINX_PATH.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  CHROMIUM_PATH,
  FULL_CHROMIUM_PATH,
  HEADLESS_SHELL_PATH,
  NAMED_TEST_CHROMIUM_PATH,
} from './lib/chromium.mjs';
import { failedPlaywrightTests, failedTestLines, failedVitestTests } from './lib/failedTests.mjs';
import { printTimeTable } from './lib/timeTable.mjs';
import {
  banner,
  bin,
  bold,
  formatDuration,
  green,
  red,
  repoRoot,
  run,
  runningChildren,
  start,
  exitCode,
  yellow,
} from './lib/proc.mjs';

const startedAt = Date.now();
const args = process.argv.slice(2);
const skipBuild = args.includes('--skip-build');
const onlyArg = args.find((arg) => arg.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;
const wants = (step) => !only || only.has(step);
const summaryArg = args.find((arg) => arg.startsWith('--summary-file='));
const summaryFile = summaryArg ? path.resolve(summaryArg.slice('--summary-file='.length)) : null;
const oneAtATime = args.includes('--one-at-a-time') || summaryFile !== null;

const outputDir = path.join(repoRoot, '.test-output');
const reports = {
  sqlite: path.join(outputDir, 'vitest-sqlite.json'),
  postgres: path.join(outputDir, 'vitest-postgres.json'),
  e2e: path.join(outputDir, 'e2e.json'),
  cluster: path.join(outputDir, 'vitest-cluster.json'),
};
/** Which step writes each report: a run removes only the reports of the steps it runs. */
const reportSteps = { sqlite: 'vitest', postgres: 'postgres', e2e: 'e2e', cluster: 'cluster' };
const testDatabaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';
// The browser tests run in Debian's Chromium headless shell, and the one that needs the full browser (web
// push: the shell denies service workers the notification permission) in Debian's Chromium (decision
// 0155). CHROMIUM_PATH names another full browser, and then the tests' too unless TEST_CHROMIUM_PATH does
// (scripts/lib/chromium.mjs). Unlike the tests' own default, a missing shell is installed, not replaced.
const fullChromiumPath = CHROMIUM_PATH;
const testChromiumPath = NAMED_TEST_CHROMIUM_PATH ?? HEADLESS_SHELL_PATH;
/** Debian's package of each browser this script may install. */
const chromiumPackages = {
  [HEADLESS_SHELL_PATH]: 'chromium-headless-shell',
  [FULL_CHROMIUM_PATH]: 'chromium',
};
const nginxPath = process.env.NGINX_PATH || '/usr/sbin/nginx';

// Time limits per step: the whole run must stay well under CI's 90-minute budget even when something
// hangs. On a 2-core machine the steps take about 10 s, 9, 6 and 11 minutes at load 10 (decision 0063:
// the Node projects share a module graph per worker, the SQLite step runs two workers); the limits
// leave room for a machine busy with other work (an 8-minute limit cut a healthy SQLite step at load 6,
// and a CI run at load 10 took 11 min 18 s of the browser step's former 12). A slower 2-core machine
// (2026-11-30: twice the CPU time per unit of work) took 7 min for the SQLite step, 7 for PostgreSQL's
// and more than 20 for the browser step, whose own browsers and servers keep the load at 10–14. Together
// the limits stay under 75 minutes, so a hung step still ends inside CI's budget.
const MINUTE = 60_000;
// The cluster step takes about a minute (plus the instances' 30 s claim lease when the killed instance
// held an outbox message); 10 minutes covers a loaded machine.
const limits = {
  build: 8 * MINUTE,
  vitest: 15 * MINUTE,
  postgres: 12 * MINUTE,
  e2e: 30 * MINUTE,
  cluster: 10 * MINUTE,
};

/** One row per suite: what it counted, or why it could not count. */
const results = [];
/** One row per step that ran: its name, wall-clock time and exit code (the time table at the end). */
const timings = [];
let interrupted = false;

// ── signals ─────────────────────────────────────────────────────────────────────────────────────
// A Ctrl-C in a terminal reaches the children too (same process group); forwarding covers `kill -INT`
// of this script alone. A second signal stops everything at once.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) {
      for (const child of runningChildren()) child.kill('SIGKILL');
      process.exit(130);
    }
    interrupted = true;
    console.error(red(`\n${signal} received: stopping the running step (send it again to kill at once).`));
    for (const child of runningChildren()) child.kill(signal);
  });
}

/** Runs a step's command with a time limit; resolves to its exit code (124 when it was stopped). */
async function runStep(name, command, commandArgs, options = {}) {
  console.log(bold(`$ ${[path.relative(repoRoot, command) || command, ...commandArgs].join(' ')}`));
  let timedOut = false;
  const stepStart = Date.now();
  // Only this step's child: another step may run beside it, or start before the SIGKILL is due.
  const child = start(command, commandArgs, options);
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(red(`\nThe ${name} step ran over ${formatDuration(limits[name])}: stopping it.`));
    child.kill('SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }, 10_000).unref();
  }, limits[name]);
  const code = await exitCode(command, child);
  clearTimeout(timer);
  const result = timedOut ? 124 : code;
  timings.push({ step: name, ms: Date.now() - stepStart, code: result });
  return result;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Counts of a Vitest JSON report (Jest-compatible shape). Failures are counted by the rule that names them
 * at the end (failedVitestTests): a file that failed to load counts as one.
 */
function countVitest(
  report,
  fileFilter = () => true,
  failed = failedVitestTests(report, repoRoot, fileFilter).length,
) {
  let passed = 0;
  let skipped = 0;
  for (const file of report.testResults ?? []) {
    if (!fileFilter(file.name ?? '')) continue;
    for (const assertion of file.assertionResults ?? []) {
      if (assertion.status === 'passed') passed += 1;
      else if (assertion.status !== 'failed') skipped += 1; // skipped, pending, todo
    }
  }
  return { passed, failed, skipped };
}

/** The failed tests of every step, by name, for the end of the run. */
const failures = [];

/** Records a Vitest step from its report: its counts, and its failed tests for the end of the run (read once). */
function recordVitest(suite, code, report) {
  const failed = failedVitestTests(report, repoRoot);
  record(suite, code, countVitest(report, undefined, failed.length));
  failures.push(...failed);
}

/** Records a suite from its report and exit code. */
function record(suite, code, counts, note) {
  const row = { suite, ...(counts ?? { passed: 0, failed: 0, skipped: 0 }), note };
  if (code !== 0 && row.failed === 0) {
    row.failed = 1;
    row.note = note ?? `exited with code ${code} without a failing test in its report: counted as 1 failure`;
  }
  results.push(row);
  return row;
}

// ── 1. build ────────────────────────────────────────────────────────────────────────────────────
mkdirSync(outputDir, { recursive: true });
for (const [key, file] of Object.entries(reports)) if (wants(reportSteps[key])) rmSync(file, { force: true });

let buildOk = true;
if (skipBuild) {
  banner('1/5  build — skipped (--skip-build): using the existing dist/ folders');
} else {
  banner('1/5  build — npm run build (web, server, simulator)');
  const code = await runStep('build', 'npm', ['run', 'build']);
  buildOk = code === 0;
  if (!buildOk) {
    console.error(
      red(`\nThe build failed (exit ${code}). The unit and API tests still run; the browser tests cannot.`),
    );
    results.push({
      suite: 'build',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `npm run build exited with code ${code}`,
    });
  }
}

// ── 2. vitest on SQLite ─────────────────────────────────────────────────────────────────────────
/** Vitest's JSON report with the errors of describe blocks' hooks (scripts/lib/vitestJsonReporter.mjs). */
const jsonReporter = path.join(repoRoot, 'scripts', 'lib', 'vitestJsonReporter.mjs');
const vitestArgs = (report) => [
  'run',
  '--reporter=default',
  `--reporter=${jsonReporter}`,
  `--outputFile=${path.relative(repoRoot, report)}`,
  '--passWithNoTests',
];
/** Two workers at least, even on two cores (decision 0063). */
const workerCount = () => `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`;
let sqliteReport = null;
if (wants('vitest') && !interrupted) {
  banner('2/5  unit and API tests — Vitest, every project, server on SQLite');
  const env = { ...process.env };
  delete env.TEST_STORE;
  // Vitest's default is one worker fewer than the cores: on a 2-core machine a single worker, with the
  // main process idle beside it. Two workers ran the web project in 380 s instead of 644 s there.
  const code = await runStep('vitest', bin('vitest'), [...vitestArgs(reports.sqlite), workerCount()], {
    env,
  });
  sqliteReport = readJson(reports.sqlite);
  if (sqliteReport) {
    recordVitest('vitest (SQLite)', code, sqliteReport);
  } else
    record(
      'vitest (SQLite)',
      code || 1,
      null,
      `no report at ${path.relative(repoRoot, reports.sqlite)} (exit ${code})`,
    );
}

// ── 3. the server's tests on PostgreSQL ────────────────────────────────────────────────────────
/** Resolves to null when PostgreSQL answers `select 1` at `url`, or to the reason it does not. */
async function postgresProblem(url) {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  let pg;
  try {
    pg = require('pg');
  } catch {
    return 'the pg package is not installed (run npm ci)';
  }
  const attempt = async (connectionString) => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000, query_timeout: 3_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (error) {
      return error;
    } finally {
      await client.end().catch(() => {});
    }
  };
  const error = await attempt(url);
  if (!error) return null;
  // 3D000: the server answers but the database does not exist; create it, as a developer would.
  if (error.code === '3D000') {
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 3_000 });
    try {
      await admin.connect();
      await admin.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`Created the database "${name}" for the PostgreSQL tests.`);
      const retry = await attempt(url);
      return retry ? retry.message : null;
    } catch (createError) {
      return `database "${name}" does not exist and could not be created: ${createError.message}`;
    } finally {
      await admin.end().catch(() => {});
    }
  }
  return error.message || error.code || String(error);
}

function redactPassword(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

// ── 5 beside 3 ─────────────────────────────────────────────────────────────────────────────────
/**
 * Starts the three-instances step in a run of its own of this script, its output into
 * .test-output/beside-cluster.log, its counts, failures and time into .test-output/beside-cluster.json
 * (decision 0164). This run waits for it after the PostgreSQL step and prints both.
 */
function startBeside(step) {
  const log = path.join(outputDir, `beside-${step}.log`);
  const summary = path.join(outputDir, `beside-${step}.json`);
  rmSync(summary, { force: true });
  const fd = openSync(log, 'w');
  const child = start(
    process.execPath,
    [
      path.join(repoRoot, 'scripts', 'test.mjs'),
      '--skip-build',
      `--only=${step}`,
      `--summary-file=${summary}`,
    ],
    { stdio: ['ignore', fd, fd] },
  );
  // The child has its own copy of the descriptor.
  closeSync(fd);
  return { step, log, summary, child };
}

/** Waits for a step run beside `other`; prints its output; takes its counts, failures and time. */
async function finishBeside({ step, log, summary: file, child }, other) {
  const waitStart = Date.now();
  const code = await exitCode('scripts/test.mjs', child);
  // The time after `other` that only the step beside it took.
  const waited = Date.now() - waitStart;
  banner(`${step} — ran beside the ${other} step`);
  process.stdout.write(readFileSync(log, 'utf8'));
  const summary = readJson(file);
  if (summary) {
    results.push(...summary.results);
    failures.push(...summary.failures);
    timings.push(...summary.timings.map((t) => ({ ...t, beside: other })));
  } else record(step, code || 1, null, `its run beside the ${other} step wrote no summary (exit ${code})`);
  if (waited >= 1000)
    timings.push({ step: 'wait', ms: waited, code: 0, note: `for ${step} beside ${other}` });
}

/**
 * The three-instances step, beside the PostgreSQL step when both run and PostgreSQL answers: it mostly
 * waits for its instances, and the two share no database, port or report.
 */
let besideCluster = null;
if (!oneAtATime && wants('postgres') && wants('cluster') && !interrupted) {
  if ((await postgresProblem(testDatabaseUrl)) === null) {
    banner("5/5  three instances behind nginx — beside the PostgreSQL step (its output follows that step's)");
    besideCluster = startBeside('cluster');
  }
}
const runsHere = (step) => wants(step) && !(step === 'cluster' && besideCluster) && !interrupted;

if (runsHere('postgres')) {
  banner(`3/5  API tests on PostgreSQL — ${redactPassword(testDatabaseUrl)}`);
  const problem = await postgresProblem(testDatabaseUrl);
  if (problem) {
    const serverTests = sqliteReport
      ? countVitest(sqliteReport, (name) => name.includes('/apps/server/'))
      : null;
    const skippedCount = serverTests ? serverTests.passed + serverTests.failed + serverTests.skipped : 0;
    const rule = '!'.repeat(78);
    const lines = [
      rule,
      '!!  POSTGRESQL SUITES SKIPPED',
      `!!  PostgreSQL did not answer at ${redactPassword(testDatabaseUrl)}`,
      `!!  reason: ${problem}`,
      '!!  The server API and store tests ran on SQLite only; nothing checked them on PostgreSQL.',
      '!!  To run them: start PostgreSQL (Debian: apt-get install -y postgresql, then',
      '!!  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or point',
      '!!  TEST_DATABASE_URL at a database the tests may wipe. REQUIRE_POSTGRES=1 makes this a failure.',
      rule,
    ];
    if (requirePostgres) {
      console.error(
        red(lines.join('\n').replace('SKIPPED', 'REQUIRED BUT UNAVAILABLE (REQUIRE_POSTGRES=1)')),
      );
      results.push({
        suite: 'vitest (PostgreSQL)',
        passed: 0,
        failed: 1,
        skipped: 0,
        note: `PostgreSQL required but unavailable: ${problem}`,
      });
    } else {
      console.error(yellow(lines.join('\n')));
      results.push({
        suite: 'vitest (PostgreSQL)',
        passed: 0,
        failed: 0,
        skipped: skippedCount,
        note: `SKIPPED: PostgreSQL unavailable (${problem})`,
      });
    }
  } else {
    const env = { ...process.env, TEST_STORE: 'postgres', TEST_DATABASE_URL: testDatabaseUrl };
    // With TEST_STORE=postgres the server project names itself 'server-postgres' (apps/server/vitest.config.ts).
    // Each worker has a database of its own (apps/server/test/support/workerDatabases.ts), so the files
    // run two at a time here too; PostgreSQL's own work fills the cores' idle time between queries.
    const code = await runStep(
      'postgres',
      bin('vitest'),
      [...vitestArgs(reports.postgres), '--project', 'server-postgres', workerCount()],
      { env },
    );
    const report = readJson(reports.postgres);
    if (report) {
      recordVitest('vitest (PostgreSQL)', code, report);
    } else
      record(
        'vitest (PostgreSQL)',
        code || 1,
        null,
        `no report at ${path.relative(repoRoot, reports.postgres)} (exit ${code})`,
      );
  }
}

if (besideCluster) await finishBeside(besideCluster, 'postgres');

// ── 4. browser end-to-end ──────────────────────────────────────────────────────────────────────
/** Installs with apt (when root) the browsers the tests need that are missing; null, or what is wrong. */
async function ensureChromium() {
  const missing = [...new Set([testChromiumPath, fullChromiumPath])].filter((p) => !existsSync(p));
  if (missing.length === 0) return null;
  const unknown = missing.find((p) => !chromiumPackages[p]);
  if (unknown) return `${unknown} (TEST_CHROMIUM_PATH or CHROMIUM_PATH) does not exist`;
  const pkgs = missing.map((p) => chromiumPackages[p]);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    return (
      `Chromium is not installed at ${missing.join(' and ')} and this user is not root, so it cannot be installed here.\n` +
      `Install it once with:  sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}\n` +
      '(or set CHROMIUM_PATH to another Chromium/Chrome binary), then run npm test again.'
    );
  }
  console.log(yellow(`Chromium is missing: installing Debian's ${pkgs.join(' and ')} (about a minute):`));
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const stdio = ['ignore', 'inherit', 'inherit'];
  if ((await run('apt-get', ['update'], { env, stdio })) !== 0) return 'apt-get update failed';
  if ((await run('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { env, stdio })) !== 0) {
    return `apt-get install -y ${pkgs.join(' ')} failed`;
  }
  const still = missing.filter((p) => !existsSync(p));
  return still.length === 0
    ? null
    : `apt-get installed ${pkgs.join(' ')} but ${still.join(' and ')} is still missing`;
}

if (wants('e2e') && !interrupted) {
  banner('4/5  browser end-to-end — Playwright in Chromium');
  const needed = [
    'apps/server/dist/main.js',
    'apps/simulator/dist/main.js',
    'stand-ins/dist/main.js',
    'apps/web/dist/index.html',
  ];
  const missing = needed.filter((file) => !existsSync(path.join(repoRoot, file)));
  const chromiumProblem = missing.length === 0 ? await ensureChromium() : null;
  if (!buildOk || missing.length > 0) {
    const why = !buildOk ? 'the build step failed' : 'the build did not produce them';
    console.error(
      red(`The browser tests cannot run: ${why}. Missing: ${missing.join(', ') || '(see the build output)'}`),
    );
    results.push({ suite: 'e2e (Playwright)', passed: 0, failed: 1, skipped: 0, note: `not run: ${why}` });
  } else if (chromiumProblem) {
    console.error(red(chromiumProblem));
    results.push({
      suite: 'e2e (Playwright)',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'not run: no Chromium',
    });
  } else {
    const env = {
      ...process.env,
      E2E_JSON_REPORT: reports.e2e,
      TEST_CHROMIUM_PATH: testChromiumPath,
      CHROMIUM_PATH: fullChromiumPath,
    };
    const code = await runStep('e2e', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { env });
    const report = readJson(reports.e2e);
    failures.push(...failedPlaywrightTests(report));
    if (report?.stats) {
      const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
      const errors = report.errors?.length ?? 0;
      record('e2e (Playwright)', code, {
        // A test that passed only when run again for its trace failed once: it counts as failed (0167).
        passed: expected,
        failed: unexpected + flaky + (unexpected + flaky === 0 ? errors : 0),
        skipped,
      });
    } else {
      record(
        'e2e (Playwright)',
        code || 1,
        null,
        `no report at ${path.relative(repoRoot, reports.e2e)} (exit ${code})`,
      );
    }
  }
}

// ── 5. three instances behind nginx ────────────────────────────────────────────────────────────
/** Debian's nginx, installed with apt when missing and running as root, as Chromium is. */
async function ensureNginx() {
  if (existsSync(nginxPath)) return null;
  if (nginxPath !== '/usr/sbin/nginx') return `NGINX_PATH=${nginxPath} does not exist`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    return (
      'nginx is not installed at /usr/sbin/nginx and this user is not root, so it cannot be installed here.\n' +
      'Install it once with:  sudo apt-get update && sudo apt-get install -y nginx\n' +
      '(or set NGINX_PATH), then run npm test again. The test runs it as you, on loopback only.'
    );
  }
  console.log(yellow("nginx is missing: installing Debian's nginx package:"));
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const stdio = ['ignore', 'inherit', 'inherit'];
  if ((await run('apt-get', ['update'], { env, stdio })) !== 0) return 'apt-get update failed';
  if ((await run('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { env, stdio })) !== 0)
    return 'apt-get install -y nginx failed';
  // The package starts a system nginx on port 80; the test needs only the binary.
  await run('service', ['nginx', 'stop'], { env, stdio });
  return existsSync(nginxPath) ? null : `apt-get installed nginx but ${nginxPath} is still missing`;
}

if (runsHere('cluster')) {
  banner('5/5  three instances on PostgreSQL behind nginx — one killed and restarted');
  const problem = existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))
    ? await postgresProblem(testDatabaseUrl)
    : null;
  const nginxProblem = problem ? null : await ensureNginx();
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
    results.push({ suite: 'cluster (nginx)', passed: 0, failed: 1, skipped: 0, note: 'not run: no build' });
  } else if (problem) {
    const text = `THREE INSTANCES BEHIND NGINX ${requirePostgres ? 'REQUIRED BUT UNAVAILABLE (REQUIRE_POSTGRES=1)' : 'SKIPPED'}: PostgreSQL did not answer (${problem})`;
    console.error((requirePostgres ? red : yellow)(`${'!'.repeat(78)}\n!!  ${text}\n${'!'.repeat(78)}`));
    results.push(
      requirePostgres
        ? {
            suite: 'cluster (nginx)',
            passed: 0,
            failed: 1,
            skipped: 0,
            note: `PostgreSQL required: ${problem}`,
          }
        : {
            suite: 'cluster (nginx)',
            passed: 0,
            failed: 0,
            skipped: 1,
            note: `SKIPPED: PostgreSQL unavailable (${problem})`,
          },
    );
  } else if (nginxProblem) {
    console.error(red(nginxProblem));
    results.push({ suite: 'cluster (nginx)', passed: 0, failed: 1, skipped: 0, note: 'not run: no nginx' });
  } else {
    const env = { ...process.env, TEST_DATABASE_URL: testDatabaseUrl, NGINX_PATH: nginxPath };
    const code = await runStep(
      'cluster',
      bin('vitest'),
      [
        'run',
        '--reporter=default',
        `--reporter=${jsonReporter}`,
        `--outputFile=${path.relative(path.join(repoRoot, 'apps/server'), reports.cluster)}`,
        '-c',
        'vitest.cluster.config.ts',
      ],
      { env, cwd: path.join(repoRoot, 'apps/server') },
    );
    const report = readJson(reports.cluster);
    if (report) {
      recordVitest('cluster (nginx)', code, report);
    } else
      record(
        'cluster (nginx)',
        code || 1,
        null,
        `no report at ${path.relative(repoRoot, reports.cluster)} (exit ${code})`,
      );
  }
}

// ── summary ─────────────────────────────────────────────────────────────────────────────────────
if (interrupted)
  results.push({ suite: 'interrupted', passed: 0, failed: 1, skipped: 0, note: 'stopped by a signal' });

banner(`summary — ${formatDuration(Date.now() - startedAt)}`);
const total = { passed: 0, failed: 0, skipped: 0 };
for (const row of results) {
  total.passed += row.passed;
  total.failed += row.failed;
  total.skipped += row.skipped;
  const colour = row.failed > 0 ? red : row.note?.startsWith('SKIPPED') ? yellow : green;
  const counts = `${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped`;
  console.log(colour(`  ${row.suite.padEnd(22)} ${counts}${row.note ? `  — ${row.note}` : ''}`));
}
console.log(`  reports: ${path.relative(repoRoot, outputDir)}/`);
// The failed tests by name, near the end: CI keeps only the last part of what a run printed.
for (const line of failedTestLines(failures)) console.log(red(line));
printTimeTable(timings, Date.now() - startedAt);
if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ results, failures, timings }));
// The one line that a person and CI read: alone on its line, no colour.
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(interrupted ? 130 : total.failed > 0 ? 1 : 0);

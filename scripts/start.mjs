#!/usr/bin/env node
// `npm start` (after `npm run build`): the server on the embedded SQLite store in ./data, fed live by the
// bundled simulator playing the demo base stations.
//
//   npm start                         server on http://localhost:8080 (this machine only) + simulator
//   npm start -- --no-simulator       the server alone (or SIMULATOR=0)
//   npm start -- --live-interval 10   any other argument goes to the simulator (a reading every 10 s)
//   npm start -- --silence F1000002@10m+60m   the South barn station goes quiet for an hour (README)
//   npm start -- --speed 60           the demo's world an hour each minute (README "To watch an alert arrive")
//   node scripts/start.mjs -- --speed 60   the same without npm (the "--" is dropped; a bad option stops it)
//   PORT=9000 DATA_DIR=/srv/ember npm start
//   HOST=0.0.0.0 npm start            serve other machines too (the demo passwords are public)
//
// The server reads its own environment (PORT, HOST, DATA_DIR, DATABASE_URL, DEMO_SEED, JWT_SECRET,
// LOG_LEVEL, WEB_DIST); this script only supplies the defaults DATA_DIR=./data, PORT=8080 and LOG_LEVEL=warn.
// For each outside provider the environment does not configure (Stripe, SMTP, SMS/voice) it first starts
// the local stand-in (stand-ins/dist/main.js) and gives the server its settings (decision 0086).
// The simulator sends a reading every minute live (after a 20-minute history backfill).
// Backfill: see scripts/lib/simulatorState.mjs (60 days at the first start, then the gap since the last run).
// Ctrl-C (or SIGTERM) stops the simulator, then the server, and waits for both.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { demoStationsReady, localRunSettings, simulatorRefusal } from './lib/localRun.mjs';
import { holdServerPort } from './lib/holdPort.mjs';
import { displayPath, bold, exited, red, repoRoot, start, stop, waitForHealth, yellow } from './lib/proc.mjs';
import { backfillPlan, keepLastRunFresh } from './lib/simulatorState.mjs';
import { standInsLine, standInsMain, standInsNeeded, startStandIns } from './lib/standIns.mjs';
import { welcomeText } from './lib/welcome.mjs';

const { noSimulator, port, dataDir, simulatorArgs } = localRunSettings();
const host =
  process.env.HOST && !['0.0.0.0', '::', ''].includes(process.env.HOST) ? process.env.HOST : '127.0.0.1';
const localUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const publicUrl = `http://localhost:${port}`;

const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const simulatorMain = path.join(repoRoot, 'apps/simulator/dist/main.js');
const standInNames = standInsNeeded();
for (const file of [
  serverMain,
  ...(noSimulator ? [] : [simulatorMain]),
  ...(standInNames.length > 0 ? [standInsMain] : []),
]) {
  if (!existsSync(file)) {
    console.error(
      red(`${path.relative(repoRoot, file)} is missing: run \`npm run build\` first (npm start does).`),
    );
    process.exit(1);
  }
}

// A mistyped simulator option stops here, before anything starts, with the simulator's reason.
const refusal = noSimulator ? null : simulatorRefusal(process.execPath, [simulatorMain], simulatorArgs);
if (refusal) {
  console.error(refusal);
  console.error(
    red(
      'Nothing was started: npm start hands every argument but --no-simulator to the simulator, which refused them ' +
        '(above). `npm run simulate -- --help` lists its options.',
    ),
  );
  process.exit(2);
}

// Held until the server is about to listen, so that no stand-in is given it (scripts/lib/holdPort.mjs).
const releasePort = await holdServerPort(port);

// Private to this user, as the server makes it (decision 0075); created so, the server has nothing to warn about.
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

let stopping = null;
let server = null;
let simulator = null;
let standIns = null;
let stopSimulatorClock = () => {};

/** Stops everything and exits; a second call waits for the first (nothing after it runs). */
function shutdown(code) {
  stopping ??= stopAll(code);
  return stopping;
}

async function stopAll(code) {
  stopSimulatorClock();
  await releasePort();
  if (simulator) await stop(simulator, 'SIGTERM', 5_000);
  if (server) await stop(server, 'SIGTERM', 10_000);
  // Last: the server sends what it has in hand to them while it stops.
  if (standIns?.child) await stop(standIns.child, 'SIGTERM', 5_000);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      // A second Ctrl-C: do not wait any longer.
      simulator?.kill('SIGKILL');
      server?.kill('SIGKILL');
      standIns?.child?.kill('SIGKILL');
      process.exit(130);
    }
    console.log(yellow(`\n${signal}: stopping Emberwatch…`));
    void shutdown(signal === 'SIGINT' ? 130 : 0);
  });
}

// ── stand-ins ───────────────────────────────────────────────────────────────────────────────────
// The fake Stripe posts its events to the server's webhook, as a Stripe endpoint would.
if (standInNames.length > 0) {
  try {
    standIns = await startStandIns(process.execPath, [standInsMain], {
      names: standInNames,
      webhookUrl: `${localUrl}/stripe/webhook`,
      simCallbackUrl: `${localUrl}/telia/API`,
    });
  } catch (error) {
    console.error(red(`The local stand-ins did not start: ${error.message}`));
    await shutdown(1);
  }
  if (standIns?.child) {
    void exited(standIns.child).then(({ code, signal }) => {
      if (stopping) return;
      console.error(
        red(
          `The local stand-ins stopped (${signal ?? `exit code ${code}`}): e-mail, SMS and card payments fail ` +
            'until Emberwatch is started again.',
        ),
      );
    });
  }
}

// ── server ──────────────────────────────────────────────────────────────────────────────────────
// A demo console shows the URL, the logins and problems, not every request (LOG_LEVEL=info for those).
const serverEnv = {
  ...process.env,
  ...standIns?.env,
  PORT: port,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
};
console.log(bold(`Starting the Emberwatch server (data in ${displayPath(dataDir)}/, port ${port})…`));
await releasePort();
server = start(process.execPath, [serverMain], { env: serverEnv });
void exited(server).then(({ code, signal }) => {
  if (stopping) return;
  console.error(red(`The server stopped (${signal ?? `exit code ${code}`}).`));
  void shutdown(code || 1);
});

try {
  await waitForHealth(`${localUrl}/health`, { child: server, timeoutMs: 120_000 });
} catch (error) {
  console.error(red(`The server did not become healthy: ${error.message}`));
  await shutdown(1);
}

// ── simulator ───────────────────────────────────────────────────────────────────────────────────
let simulatorNote = 'not started (--no-simulator)';
if (!noSimulator && !stopping) {
  const config = path.join(dataDir, 'demo-stations.json');
  if (!(await demoStationsReady(config, server))) {
    simulatorNote = `not started: ${path.join(displayPath(dataDir), 'demo-stations.json')} is missing (DEMO_SEED=0?)`;
  } else {
    const plan = backfillPlan(dataDir);
    const configArg = displayPath(config);
    simulator = start(process.execPath, [
      simulatorMain,
      '--config',
      configArg,
      // The file holds the address the server had when it seeded the demo; PORT may have changed since.
      '--url',
      localUrl,
      '--backfill-days',
      String(plan.days),
      ...simulatorArgs,
    ]);
    stopSimulatorClock = keepLastRunFresh(dataDir);
    simulatorNote = `playing the demo base stations live (${plan.reason})`;
    void exited(simulator).then(({ code, signal }) => {
      stopSimulatorClock();
      if (stopping) return;
      const how = signal ?? `exit code ${code}`;
      console.error((code === 0 ? yellow : red)(`The simulator stopped (${how}); the server keeps running.`));
    });
  }
}

// ── the welcome ─────────────────────────────────────────────────────────────────────────────────
// The server has just printed the demo logins; this adds where to go and what the simulator does.
// The server seeds (and lists) the demo unless DEMO_SEED=0, or in production unless DEMO_SEED=1.
const demoLogins =
  process.env.DEMO_SEED === '1' || (process.env.DEMO_SEED !== '0' && process.env.NODE_ENV !== 'production');
console.log(
  welcomeText({
    url: publicUrl,
    simulatorNote,
    simulatorRunning: simulator !== null,
    demoLogins,
    standIns: standInsLine(standIns?.urls ?? {}),
  }),
);

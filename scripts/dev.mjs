#!/usr/bin/env node
// `npm run dev`: the server from source with tsx watch (restarts on change), the Vite dev server for the
// web app (hot reload), and the simulator once the server answers. Nothing needs building first.
//
//   npm run dev                      server :8080, web app on Vite's port (printed by Vite), simulator
//   npm run dev -- --no-simulator    without the simulator (or SIMULATOR=0)
//   npm run dev -- --silence F1000002@10m+60m   any other argument goes to the simulator, as with npm start
//
// Same defaults as npm start: DATA_DIR=./data, PORT=8080; the same backfill rule (scripts/lib/simulatorState.mjs);
// the same local stand-ins for the providers not configured (from source, scripts/lib/standIns.mjs), which
// keep running, with what they received, while tsx restarts the server.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { demoStationsReady, localRunSettings, simulatorRefusal } from './lib/localRun.mjs';
import { holdServerPort } from './lib/holdPort.mjs';
import { bin, displayPath, bold, exited, red, start, stop, waitForHealth, yellow } from './lib/proc.mjs';
import { backfillPlan, keepLastRunFresh } from './lib/simulatorState.mjs';
import { standInsLine, standInsNeeded, startStandIns } from './lib/standIns.mjs';

const { noSimulator, port, dataDir, simulatorArgs } = localRunSettings();
// A mistyped simulator option stops here, before anything starts, with the simulator's reason.
const refusal = noSimulator
  ? null
  : simulatorRefusal(bin('tsx'), ['apps/simulator/src/main.ts'], simulatorArgs);
if (refusal) {
  console.error(refusal);
  console.error(red('[dev] nothing was started: the simulator refused its arguments (above).'));
  process.exit(2);
}
// Held until the server starts, so that no stand-in is given it (scripts/lib/holdPort.mjs).
const releasePort = await holdServerPort(port, '[dev] ');
// Private to this user, as the server makes it (decision 0075); created so, the server has nothing to warn about.
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

// The providers not configured get their local stand-in; the server gets its settings (decision 0086).
let standIns;
try {
  standIns = await startStandIns(bin('tsx'), ['stand-ins/src/main.ts'], {
    names: standInsNeeded(),
    webhookUrl: `http://127.0.0.1:${port}/stripe/webhook`,
    simCallbackUrl: `http://127.0.0.1:${port}/telia/API`,
  });
} catch (error) {
  console.error(red(`[dev] the local stand-ins did not start: ${error.message}`));
  process.exit(1);
}
const standInsNote = standInsLine(standIns.urls);
if (standInsNote) console.log(bold(`[dev] ${standInsNote}`));
if (standIns.child)
  void exited(standIns.child).then(({ code, signal }) => {
    if (!stopping)
      console.error(
        red(`[dev] the local stand-ins stopped (${signal ?? `exit code ${code}`}); the rest keeps running.`),
      );
  });

// EMBERWATCH_API_URL: the Vite dev server proxies the API to this server (apps/web/vite.config.ts).
const env = {
  ...process.env,
  ...standIns.env,
  PORT: port,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  EMBERWATCH_API_URL: `http://127.0.0.1:${port}`,
};
const children = [];
let stopping = false;
let stopClock = () => {};

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  stopClock();
  await Promise.all(children.map((child) => stop(child, 'SIGTERM', 5_000)));
  if (standIns.child) await stop(standIns.child, 'SIGTERM', 5_000);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));

/** A child whose end stops the others, unless `fatal` is false (the simulator may stop on its own). */
function launch(name, command, commandArgs, { fatal = true } = {}) {
  const child = start(command, commandArgs, { env });
  children.push(child);
  void exited(child).then(({ code, signal }) => {
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    if (!fatal) return console.error(yellow(`[dev] ${name} stopped (${how}); the rest keeps running.`));
    console.error(red(`[dev] ${name} stopped (${how}); stopping the rest.`));
    void shutdown(code || 1);
  });
  return child;
}

console.log(bold(`[dev] server (tsx watch) on :${port}, web app (vite), data in ${displayPath(dataDir)}/`));
await releasePort();
const server = launch('server', bin('tsx'), ['watch', 'apps/server/src/main.ts']);
launch('web', 'npm', ['run', 'dev', '-w', '@emberwatch/web']);

if (!noSimulator) {
  try {
    await waitForHealth(`http://127.0.0.1:${port}/health`, { child: server, timeoutMs: 120_000 });
    const config = path.join(dataDir, 'demo-stations.json');
    if (await demoStationsReady(config, server)) {
      const plan = backfillPlan(dataDir);
      console.log(bold(`[dev] simulator: ${plan.reason}`));
      launch(
        'simulator',
        bin('tsx'),
        [
          'apps/simulator/src/main.ts',
          '--config',
          config,
          '--backfill-days',
          String(plan.days),
          ...simulatorArgs,
        ],
        { fatal: false },
      );
      stopClock = keepLastRunFresh(dataDir);
    } else {
      console.log(yellow(`[dev] no ${config} (DEMO_SEED=0?): running without the simulator`));
    }
  } catch (error) {
    console.error(red(`[dev] the server did not answer, so the simulator did not start: ${error.message}`));
  }
}

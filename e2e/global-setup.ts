// For each Playwright worker (decision 0091): starts the local stand-ins for the providers (the fake
// Stripe, SMTP, SMS/voice; decision 0086) and the built server, configured for them, on a fresh data
// folder with the demo seeded, then backfills two days of readings every 20 minutes so the demo's latest
// readings are some minutes old when the tests start.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  demoStationsFile,
  e2eWorkers,
  repoRoot,
  runSimulator,
  serverMain,
  simulatorMain,
  webDist,
} from './support/app.js';
import { builtServerEnv } from '../scripts/lib/builtServerEnv.mjs';
import { standInsMain, startStandIns } from '../scripts/lib/standIns.mjs';

const preferredPort = Number(process.env.E2E_PORT ?? 8181);
const intervalS = 1200;

/** The preferred port when it is free, or any free port the kernel gives. */
async function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(null));
      probe.listen(port, '127.0.0.1', () => {
        const address = probe.address();
        const chosen = typeof address === 'object' && address ? address.port : null;
        probe.close(() => resolve(chosen));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? preferred;
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForHealth(url: string, isAlive: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('the server exited during start-up');
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** The server, its stand-ins and its data folder that one Playwright worker's specs run against. */
interface Stack {
  baseURL: string;
  dataDir: string;
  serverPid: number;
  standInsPid: number;
}

/**
 * Starts stack `index` (its own stand-ins, a server on a fresh data folder with the demo seeded) and
 * backfills its readings. Each worker gets a stack of its own, so specs in two workers never share an
 * account's settings, alerts or outbox.
 */
async function startStack(index: number, preferred: number): Promise<Stack> {
  try {
    return await startStackOn(index, await freePort(preferred));
  } catch (error) {
    // Another run on this machine (a second checkout's tests) took the port between the probe and the
    // server's listen: the server stopped on EADDRINUSE while the other run's server answered for it.
    // Once more, on a port the kernel gives.
    if (!(error instanceof ServerExited)) throw error;
    console.log(`[e2e] server ${index}: ${error.message}; starting again on another port`);
    return startStackOn(index, await freePort(0));
  }
}

/** Our server process ended while its stack was being started (its log says why). */
class ServerExited extends Error {}

async function startStackOn(index: number, port: number): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'emberwatch-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');

  // The specs play the fake Stripe's 3-D Secure page and read the fake SMS provider, whatever providers
  // the shell configures: every provider is a stand-in here.
  const standIns = await startStandIns(process.execPath, [standInsMain], {
    names: ['stripe', 'smtp', 'sms', 'sim-operator'],
    webhookUrl: `${baseURL}/stripe/webhook`,
    simCallbackUrl: `${baseURL}/telia/API`,
  });
  // The browser tests run on the embedded SQLite store.
  const env = { ...builtServerEnv({ port, dataDir, webDist }), ...standIns.env };

  const server = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: ['ignore', log, log] });
  let alive = true;
  server.once('exit', () => (alive = false));
  // Do not leave a server behind if the runner exits without reaching the teardown.
  process.once('exit', () => {
    if (alive) server.kill('SIGKILL');
    standIns.child!.kill('SIGKILL');
  });
  const exited = () => {
    server.kill('SIGKILL');
    standIns.child!.kill('SIGKILL');
    return new ServerExited(`server ${index} ended while starting on port ${port}: ${tail(logFile, 3)}`);
  };

  try {
    await waitForHealth(`${baseURL}/health`, () => alive, 60_000);
  } catch (error) {
    if (!alive) throw exited();
    server.kill('SIGKILL');
    throw new Error(
      `Server ${index} did not start: ${(error as Error).message}\n--- ${logFile} ---\n${tail(logFile)}`,
    );
  }
  // The server seeds the demo just after it starts listening.
  const seedDeadline = Date.now() + 60_000;
  while (!existsSync(demoStationsFile(dataDir)) && alive && Date.now() < seedDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!existsSync(demoStationsFile(dataDir))) {
    if (!alive) throw exited();
    server.kill('SIGKILL');
    throw new Error(
      `The server did not write ${demoStationsFile(dataDir)} with DEMO_SEED=1\n${tail(logFile)}`,
    );
  }

  const started = Date.now();
  if (!alive) throw exited();
  try {
    await runSimulator(['--backfill-days', '2', '--no-live', '--interval', String(intervalS), '--quiet'], {
      dir: dataDir,
    });
  } catch (error) {
    // Refused stations may mean that another run's server answered on this port: ours is gone.
    if (!alive) throw exited();
    throw error;
  }
  if (!alive) throw exited();
  console.log(
    `[e2e] server ${index} at ${baseURL}, data in ${dataDir}, demo backfilled in ${Date.now() - started} ms`,
  );
  return { baseURL, dataDir, serverPid: server.pid!, standInsPid: standIns.child!.pid! };
}

export default async function globalSetup(): Promise<void> {
  const missing = [serverMain, simulatorMain, standInsMain, path.join(webDist, 'index.html')].filter(
    (file) => !existsSync(file),
  );
  if (missing.length > 0) {
    throw new Error(
      `The end-to-end tests need the built apps; missing:\n  ${missing.map((file) => path.relative(repoRoot, file)).join('\n  ')}\n` +
        'Run `npm run build` first (npm test does).',
    );
  }

  // One stack per worker, started side by side; the workers find theirs by TEST_PARALLEL_INDEX.
  const stacks = await Promise.all(
    Array.from({ length: e2eWorkers() }, (_, index) => startStack(index, preferredPort + index)),
  );
  // The backfill ends at the last multiple of the 20-minute interval, so its newest readings are 0–20
  // minutes old; the tests that watch a probe's age change need it above "0 min" first. The boundary
  // after the stacks are up is the latest the backfills can have reached; those tests wait for it to be
  // 75 s old (support/app.ts, backfillAged), which it nearly always is when they run, minutes later.
  process.env.E2E_BACKFILL_END = String(Math.floor(Date.now() / 1000 / intervalS) * intervalS);
  stacks.forEach((stack, index) => {
    process.env[`E2E_BASE_URL_${index}`] = stack.baseURL;
    process.env[`E2E_DATA_DIR_${index}`] = stack.dataDir;
    process.env[`E2E_SERVER_PID_${index}`] = String(stack.serverPid);
    process.env[`E2E_STAND_INS_PID_${index}`] = String(stack.standInsPid);
  });
}

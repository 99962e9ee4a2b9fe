// Stops the servers and the stand-ins that global-setup started (one stack per worker) and removes their data folders
// (E2E_KEEP_DATA=1 keeps it).
import { rm } from 'node:fs/promises';
import { e2eWorkers } from './support/app.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopProcess(pid: number): Promise<void> {
  if (!(pid > 0) || !isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

async function stopStack(index: number): Promise<void> {
  await stopProcess(Number(process.env[`E2E_SERVER_PID_${index}`]));
  // After the server, which may still be sending to them while it stops.
  await stopProcess(Number(process.env[`E2E_STAND_INS_PID_${index}`]));
  const dataDir = process.env[`E2E_DATA_DIR_${index}`];
  if (dataDir && process.env.E2E_KEEP_DATA !== '1') await rm(dataDir, { recursive: true, force: true });
  else if (dataDir) console.log(`[e2e] kept the data folder ${dataDir}`);
}

export default async function globalTeardown(): Promise<void> {
  await Promise.all(Array.from({ length: e2eWorkers() }, (_, index) => stopStack(index)));
}

// Stops the server and the stand-ins that global-setup started and removes its data folder
// (E2E_KEEP_DATA=1 keeps it).
import { rm } from 'node:fs/promises';

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

export default async function globalTeardown(): Promise<void> {
  await stopProcess(Number(process.env.E2E_SERVER_PID));
  // After the server, which may still be sending to them while it stops.
  await stopProcess(Number(process.env.E2E_STAND_INS_PID));
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && process.env.E2E_KEEP_DATA !== '1') await rm(dataDir, { recursive: true, force: true });
  else if (dataDir) console.log(`[e2e] kept the data folder ${dataDir}`);
}

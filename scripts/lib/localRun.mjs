// What `npm start` and `npm run dev` share, so that the two agree: the defaults they give the server
// (DATA_DIR=./data, PORT=8080), the --no-simulator switch, the other arguments handed to the simulator
// (e.g. --silence F1000002@10m+60m), and when the demo stations file is there for the simulator to play.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, waitForFile } from './proc.mjs';

/** The settings of a local run, from the command line and the environment. */
export function localRunSettings(args = process.argv.slice(2), env = process.env) {
  return {
    noSimulator: args.includes('--no-simulator') || env.SIMULATOR === '0',
    /**
     * Every other argument, as given: the simulator's options (apps/simulator/src/parseCli.ts). A "--"
     * is dropped: npm eats the one of `npm start -- --speed 60`, but `node scripts/start.mjs -- --speed
     * 60` hands it over, and the simulator, which takes no positional arguments, would refuse the rest.
     */
    simulatorArgs: args.filter((arg) => arg !== '--no-simulator' && arg !== '--'),
    port: env.PORT || '8080',
    dataDir: path.resolve(repoRoot, env.DATA_DIR || 'data'),
  };
}

/**
 * Whether the demo stations file is there for the simulator: the server writes it when it seeds the
 * demo, so this waits for it while the server runs. With DEMO_SEED=0 no file will come; only one
 * left by an earlier run counts.
 */
export function demoStationsReady(file, server, env = process.env) {
  return env.DEMO_SEED === '0' ? Promise.resolve(existsSync(file)) : waitForFile(file, { child: server });
}

/**
 * Whether the simulator takes these arguments, asked (its --check) before anything starts: a mistyped
 * option then stops the run with the simulator's own reason, rather than leaving the server running
 * without the simulator while the welcome says it plays. Null when they are fine, else the reason.
 */
export function simulatorRefusal(command, commandArgs, simulatorArgs) {
  const result = spawnSync(command, [...commandArgs, '--check', ...simulatorArgs], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status === 0) return null;
  const said = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim();
  return said || (result.error?.message ?? `the simulator exited with ${result.status ?? result.signal}`);
}

// What `npm start` and `npm run dev` share, so that the two agree: the defaults they give the server
// (DATA_DIR=./data, PORT=8080), the --no-simulator switch, the other arguments handed to the simulator
// (e.g. --silence F1000002@10m+60m), and when the demo stations file is there for the simulator to play.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, waitForFile } from './proc.mjs';

/** The settings of a local run, from the command line and the environment. */
export function localRunSettings(args = process.argv.slice(2), env = process.env) {
  return {
    noSimulator: args.includes('--no-simulator') || env.SIMULATOR === '0',
    /** Every other argument, as given: the simulator's options (apps/simulator/src/parseCli.ts). */
    simulatorArgs: args.filter((arg) => arg !== '--no-simulator'),
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

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoStationsReady, localRunSettings, simulatorRefusal } from '../lib/localRun.mjs';
import { repoRoot } from '../lib/proc.mjs';

describe('the settings npm start and npm run dev share', () => {
  it('default to port 8080 and ./data, with the simulator', () => {
    expect(localRunSettings([], {})).toEqual({
      noSimulator: false,
      port: '8080',
      dataDir: path.join(repoRoot, 'data'),
      simulatorArgs: [],
    });
  });

  it('take PORT and DATA_DIR from the environment, a relative folder from the repository', () => {
    expect(localRunSettings([], { PORT: '9000', DATA_DIR: 'other' })).toMatchObject({
      port: '9000',
      dataDir: path.join(repoRoot, 'other'),
    });
    expect(localRunSettings([], { DATA_DIR: '/srv/ember' }).dataDir).toBe('/srv/ember');
  });

  it('leave the simulator out with --no-simulator or SIMULATOR=0', () => {
    expect(localRunSettings(['--no-simulator'], {}).noSimulator).toBe(true);
    expect(localRunSettings([], { SIMULATOR: '0' }).noSimulator).toBe(true);
    expect(localRunSettings(['--live-interval', '10'], { SIMULATOR: '1' }).noSimulator).toBe(false);
  });

  it('hand every other argument to the simulator as given, e.g. a station to silence', () => {
    expect(
      localRunSettings(['--silence', 'F1000002@10m+60m', '--live-interval', '10'], {}).simulatorArgs,
    ).toEqual(['--silence', 'F1000002@10m+60m', '--live-interval', '10']);
    expect(localRunSettings(['--no-simulator', '--silence', 'F1000002'], {}).simulatorArgs).toEqual([
      '--silence',
      'F1000002',
    ]);
  });

  it('drop the "--" of `node scripts/start.mjs -- --speed 60`, which npm would have eaten', () => {
    expect(localRunSettings(['--', '--speed', '60'], {}).simulatorArgs).toEqual(['--speed', '60']);
    expect(localRunSettings(['--', '--no-simulator'], {})).toMatchObject({
      noSimulator: true,
      simulatorArgs: [],
    });
  });
});

describe('simulatorRefusal', () => {
  // A stand-in for the simulator's --check: it refuses --bogus as the real one does, and anything
  // asked without --check (the check must not start a simulator).
  const standIn = [
    '-e',
    `const args = process.argv.slice(1);
     if (!args.includes('--check')) { console.error('simulator: started without --check'); process.exit(1); }
     if (args.includes('--bogus')) { console.error("simulator: Unknown option '--bogus'\\nTry --help."); process.exit(2); }`,
    '--',
  ];

  it('is null when the simulator takes the arguments', () => {
    expect(simulatorRefusal(process.execPath, standIn, ['--speed', '60'])).toBeNull();
  });

  it("is the simulator's own reason when it refuses them", () => {
    expect(simulatorRefusal(process.execPath, standIn, ['--speed', '60', '--bogus'])).toBe(
      "simulator: Unknown option '--bogus'\nTry --help.",
    );
  });
});

describe('demoStationsReady', () => {
  const exited = { exitCode: 0, signalCode: null };

  it('with DEMO_SEED=0 counts only a file already there, without waiting', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'emberwatch-local-run-'));
    try {
      const file = path.join(dir, 'demo-stations.json');
      expect(await demoStationsReady(file, exited, { DEMO_SEED: '0' })).toBe(false);
      writeFileSync(file, '{}');
      expect(await demoStationsReady(file, exited, { DEMO_SEED: '0' })).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('otherwise waits for the file while the server runs, and gives up when it has stopped', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'emberwatch-local-run-'));
    try {
      const file = path.join(dir, 'demo-stations.json');
      expect(await demoStationsReady(file, exited, {})).toBe(false);
      const running = { exitCode: null, signalCode: null };
      setTimeout(() => writeFileSync(file, '{}'), 300);
      expect(await demoStationsReady(file, running, {})).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

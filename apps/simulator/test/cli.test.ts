import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStationsConfig, parseStationsConfig } from '../src/loadStationsConfig.js';
import { StationSimulator } from '../src/StationSimulator.js';
import { CliError, HELP_TEXT, parseCli, type CliOptions } from '../src/parseCli.js';
import { ConfigError, livePlan, runSimulator } from '../src/runSimulator.js';
import { startFakeIngestServer, type FakeIngestServer } from './fakeIngestServer.js';

const run = (argv: string[]): CliOptions => {
  const c = parseCli(argv);
  if (c.kind !== 'run') throw new Error('expected run');
  return c.options;
};

describe('command line', () => {
  it('has the documented defaults: demo config, 60 days every 20 min, live every minute in real time, faults only live', () => {
    expect(run([])).toEqual({
      config: './data/demo-stations.json',
      url: undefined,
      backfillDays: 60,
      backfillExplicit: false,
      backfillIntervalS: 1200,
      liveIntervalS: 60,
      speed: 1,
      fastDays: 0,
      live: true,
      once: false,
      only: null,
      packetSize: 100,
      concurrency: 4,
      seed: 1,
      liveFaults: { loss: 0.01, duplicate: 0.01, late: 0.02 },
      backfillFaults: { loss: 0, duplicate: 0, late: 0 },
      quiet: false,
      fans: true,
      fansOnly: false,
      fanPollS: undefined,
      fanRh: undefined,
      silences: [],
      failOta: [],
    });
  });

  it.each([
    { args: ['--no-fans'], want: { fans: false, fansOnly: false } },
    {
      args: ['--fans-only', '--fan-poll', '2', '--fan-rh', '45'],
      want: { fansOnly: true, fanPollS: 2, fanRh: 45 },
    },
  ])('reads the fan options $args', ({ args, want }) => {
    expect(run(args)).toMatchObject(want);
  });

  it.each([
    [['--no-fans', '--fans-only'], /exclude/],
    [['--fan-poll', '0'], /--fan-poll/],
    [['--fan-poll', '301'], /--fan-poll/],
    [['--fan-rh', '100'], /--fan-rh/],
  ])('refuses the fan options %j', (args, message) => {
    expect(() => parseCli(args)).toThrow(message);
  });

  it('documents every option in --help', () => {
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
    expect(parseCli(['-h'])).toEqual({ kind: 'help' });
    for (const flag of [
      '--config',
      '--url',
      '--only',
      '--backfill-days',
      '--interval',
      '--live-interval',
      '--speed',
      '--fast-days',
      '--check',
      '--no-live',
      '--once',
      '--packet-size',
      '--concurrency',
      '--seed',
      '--loss-rate',
      '--duplicate-rate',
      '--late-rate',
      '--silence',
      '--quiet',
      '--no-fans',
      '--fans-only',
      '--fan-poll',
      '--fan-rh',
      '--help',
    ]) {
      expect(HELP_TEXT).toContain(flag);
    }
  });

  it('reads the options', () => {
    const o = run([
      '--config',
      'x.json',
      '--url',
      'http://h:1',
      '--backfill-days',
      '2',
      '--interval',
      '600',
      '--speed',
      '60',
      '--no-live',
      '--only',
      'F1, F2',
      '--packet-size',
      '500',
      '--concurrency',
      '8',
      '--seed',
      '7',
      '--loss-rate',
      '0',
      '--late-rate',
      '0.1',
      '--quiet',
    ]);
    expect(o).toMatchObject({
      config: 'x.json',
      url: 'http://h:1',
      backfillDays: 2,
      backfillExplicit: true,
      backfillIntervalS: 600,
      liveIntervalS: 600,
      speed: 60,
      fastDays: 1,
      live: false,
      only: ['F1', 'F2'],
      packetSize: 500,
      concurrency: 8,
      seed: 7,
      quiet: true,
    });
    expect(o.liveFaults).toEqual({ loss: 0, duplicate: 0.01, late: 0.1 });
    // Faults apply to the backfill only when asked for, and only those asked for.
    expect(o.backfillFaults).toEqual({ loss: 0, duplicate: 0, late: 0.1 });
  });

  it('sets the live interval alone with --live-interval, whatever --interval says', () => {
    expect(run(['--live-interval', '10'])).toMatchObject({ backfillIntervalS: 1200, liveIntervalS: 10 });
    expect(run(['--interval', '600', '--live-interval', '30'])).toMatchObject({
      backfillIntervalS: 600,
      liveIntervalS: 30,
    });
  });

  it('with --check, checks the options and runs nothing; a bad option is still refused', () => {
    expect(parseCli(['--check', '--speed', '60'])).toMatchObject({ kind: 'check', options: { speed: 60 } });
    expect(() => parseCli(['--check', '--speed', '0.5'])).toThrow(/--speed/);
    // What `node scripts/start.mjs -- --speed 60` handed over before npm start learnt to drop the "--".
    expect(() => parseCli(['--check', '--', '--speed', '60'])).toThrow(CliError);
  });

  it('plays a day of the world at --speed unless told otherwise', () => {
    expect(run(['--speed', '60', '--fast-days', '0.5'])).toMatchObject({ speed: 60, fastDays: 0.5 });
    expect(() => parseCli(['--speed', '60', '--fast-days', '-1'])).toThrow(/--fast-days/);
  });

  it('makes --once a single round without live mode', () => {
    expect(run(['--once'])).toMatchObject({ once: true, live: false, backfillExplicit: false });
  });

  it('refuses bad values with a clear message', () => {
    expect(() => parseCli(['--interval', 'abc'])).toThrow(CliError);
    expect(() => parseCli(['--live-interval', '5'])).toThrow(/--live-interval/);
    expect(() => parseCli(['--packet-size', '1001'])).toThrow(/--packet-size/);
    expect(() => parseCli(['--loss-rate', '2'])).toThrow(/--loss-rate/);
    expect(() => parseCli(['--speed', '0.5'])).toThrow(/--speed/);
    expect(() => parseCli(['--url', 'ftp://x'])).toThrow(/--url/);
    expect(() => parseCli(['--bogus'])).toThrow(CliError);
  });
});

describe('where the backfill ends and live begins', () => {
  const t = 1_700_000_000 - (1_700_000_000 % 1200) + 810; // 13 min 30 s after a 20-minute boundary
  it.each([
    ['backfill every 20 min, live every minute', 1200, 60, true, t - 810, t - 810 + 60],
    ['one interval for both (the e2e setup)', 1200, 1200, true, t - 810, t - 810 + 1200],
    ['a live interval that does not divide the backfill’s', 1200, 35, true, t - 810, t - 810 + 10],
    ['no backfill: the round just past', 1200, 60, false, t - 810, t - 30],
  ])('%s', (_name, backfillInterval, liveInterval, backfilled, backfillTo, firstTick) => {
    expect(livePlan(t, backfillInterval, liveInterval, backfilled)).toEqual({ backfillTo, firstTick });
  });
});

describe('stations file', () => {
  const good = {
    url: 'http://127.0.0.1:8080/',
    stations: [
      { bs_id: 'F1000001', secret: 'x', material: 'hay', probes: [{ sensor_id: 'H10001', depths: 3 }] },
    ],
  };

  it('reads the format the server writes', () => {
    expect(parseStationsConfig(good)).toEqual({ ...good, url: 'http://127.0.0.1:8080', fanControllers: [] });
  });

  it('says what is wrong and where', () => {
    expect(() =>
      parseStationsConfig({ ...good, stations: [{ ...good.stations[0], material: 'wood' }] }),
    ).toThrow(/stations\[0\]\.material/);
    expect(() =>
      parseStationsConfig({
        ...good,
        stations: [{ ...good.stations[0], probes: [{ sensor_id: 'H 1', depths: 3 }] }],
      }),
    ).toThrow(/probes\[0\]\.sensor_id/);
    expect(() =>
      parseStationsConfig({
        ...good,
        stations: [{ ...good.stations[0], probes: [{ sensor_id: 'H1', depths: 9 }] }],
      }),
    ).toThrow(/depths/);
    expect(() => parseStationsConfig({ stations: [] })).toThrow(/url/);
  });

  it('plays the station model the server seeded when the file names it', () => {
    const identity = { bs_type: 2, version: 'V4.2.1', firmware: '3.1' };
    const parsed = parseStationsConfig({ ...good, stations: [{ ...good.stations[0], identity }] });
    const station = new StationSimulator(parsed.stations[0]!);
    expect(station.identity).toEqual({ ...identity, dataType: 'data3' });
    expect(() =>
      parseStationsConfig({ ...good, stations: [{ ...good.stations[0], identity: { bs_type: 'x' } }] }),
    ).toThrow(/identity/);
  });

  it.each([
    [0.6, true],
    [1, true],
    [0, false],
    [1.5, false],
    ['yes', false],
  ])("accepts a probe's demo heating strength %s: %s", (heating, ok) => {
    const config = {
      ...good,
      stations: [{ ...good.stations[0], probes: [{ sensor_id: 'H1', depths: 3, heating }] }],
    };
    if (ok) expect(parseStationsConfig(config).stations[0]!.probes[0]!.heating).toBe(heating);
    else expect(() => parseStationsConfig(config)).toThrow(/probes\[0\]\.heating/);
  });

  it('explains a missing file', async () => {
    await expect(loadStationsConfig('/nonexistent/demo-stations.json')).rejects.toThrow(/does not exist/);
  });
});

describe('a whole run', () => {
  let server: FakeIngestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function configFile(url: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'sim-'));
    const path = join(dir, 'demo-stations.json');
    await writeFile(
      path,
      JSON.stringify({
        url,
        stations: [
          {
            bs_id: 'F1',
            secret: 'one',
            material: 'grain',
            probes: [
              { sensor_id: 'G1', depths: 4 },
              { sensor_id: 'G2', depths: 4 },
            ],
          },
          { bs_id: 'F2', secret: 'two', material: 'hay', probes: [{ sensor_id: 'H1', depths: 3 }] },
        ],
      }),
    );
    return path;
  }
  const control = () => ({ stop: new AbortController().signal, hardStop: new AbortController().signal });

  it('--once sends one round stamped now and exits 0', async () => {
    server = await startFakeIngestServer({ secrets: { F1: 'one', F2: 'two' } });
    const options = { ...run(['--once', '--quiet', '--config', await configFile(server.url)]) };
    const before = Math.floor(Date.now() / 1000);
    expect(await runSimulator(options, control())).toBe(0);
    expect(server.stored.size).toBe(3);
    for (const key of server.stored.keys()) expect(Number(key.split('@')[1])).toBeGreaterThanOrEqual(before);
  });

  it('--once exits 1 when the server refuses the credential', async () => {
    server = await startFakeIngestServer({ secrets: { F1: 'nope', F2: 'two' } });
    expect(
      await runSimulator(run(['--once', '--quiet', '--config', await configFile(server.url)]), control()),
    ).toBe(1);
  });

  it('--no-live boots the stations, backfills and exits 0; --only limits the stations', async () => {
    server = await startFakeIngestServer({ secrets: { F1: 'one', F2: 'two' } });
    const options = run([
      '--no-live',
      '--quiet',
      '--backfill-days',
      '1',
      '--only',
      'F1',
      '--config',
      await configFile('http://unused.invalid'),
      '--url',
      server.url,
    ]);
    expect(await runSimulator(options, control())).toBe(0);
    expect(server.requests[0]!.packet).toMatchObject({ type: 'boot' });
    expect(server.requests.every((r) => r.bsId === 'F1')).toBe(true);
    expect(server.stored.size).toBeGreaterThanOrEqual(2 * 72);
    expect(server.stored.size).toBeLessThanOrEqual(2 * 73);
  });

  it('refuses to silence a station it does not play, before sending anything', async () => {
    server = await startFakeIngestServer({ secrets: { F1: 'one', F2: 'two' } });
    const path = await configFile(server.url);
    const options = (args: string[]) => run(['--quiet', '--backfill-days', '0', '--config', path, ...args]);
    await expect(runSimulator(options(['--silence', 'F9@10m+1h']), control())).rejects.toThrow(
      /--silence: F9 is not among the stations played/,
    );
    await expect(runSimulator(options(['--only', 'F1', '--silence', 'F2']), control())).rejects.toThrow(
      ConfigError,
    );
    expect(server.requests).toEqual([]);
  });

  it('reports a missing stations file as a configuration error', async () => {
    await expect(runSimulator(run(['--quiet', '--config', '/nonexistent.json']), control())).rejects.toThrow(
      ConfigError,
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { IngestReading } from '@emberwatch/shared/contracts/ingest';
import { alignDown } from '../src/buildPackets.js';
import {
  FaultInjector,
  isSilenced,
  NO_FAULTS,
  silenceWindows,
  type SilenceFault,
} from '../src/FaultInjector.js';
import { IngestClient } from '../src/IngestClient.js';
import { mulberry32 } from '../src/mulberry32.js';
import { CliError, parseCli, parseDuration, parseSilences } from '../src/parseCli.js';
import { runLive } from '../src/runLive.js';
import { StationSimulator } from '../src/StationSimulator.js';
import { startFakeIngestServer, type FakeIngestServer } from './fakeIngestServer.js';
import { virtualClock } from './virtualClock.js';

const M = 60;
const H = 3600;

// Issue 27 item 3: the fault injector can silence a station (--silence).
describe('--silence', () => {
  it.each([
    ['90s', 90],
    ['10m', 600],
    ['2h', 7200],
    ['1h30m', 5400],
    ['1h0m5s', 3605],
    ['0m', 0],
    ['', null],
    ['10', null],
    ['10 m', null],
    ['m', null],
    ['-5m', null],
    ['30m1h', null],
  ])('reads the duration %j as %s s', (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it.each<[string[], SilenceFault[]]>([
    [['F1000002@10m+60m'], [{ bsId: 'F1000002', afterS: 10 * M, forS: 60 * M }]],
    [['F1000002'], [{ bsId: 'F1000002', afterS: 0, forS: null }]],
    [['F1000002+30m'], [{ bsId: 'F1000002', afterS: 0, forS: 30 * M }]],
    [['F1000002@1h'], [{ bsId: 'F1000002', afterS: H, forS: null }]],
    [
      ['F1@5m+1h, F2@2h'],
      [
        { bsId: 'F1', afterS: 5 * M, forS: H },
        { bsId: 'F2', afterS: 2 * H, forS: null },
      ],
    ],
    [
      ['F1', 'F2+90s'],
      [
        { bsId: 'F1', afterS: 0, forS: null },
        { bsId: 'F2', afterS: 0, forS: 90 },
      ],
    ],
  ])('reads %j', (values, faults) => expect(parseSilences(values)).toEqual(faults));

  it.each([
    [['F1@ten'], /the time before it goes quiet must be a duration/],
    [['F1+0m'], /more than 0/],
    [['F1+'], /how long it stays quiet must be a duration/],
    [['F1@31d'], /must be a duration/],
    [['F1@721h'], /at most 30 days/],
    [['F 1'], /expected <bs_id>\[@<after>\]\[\+<for>\]/],
    [[''], /expected <bs_id>/],
    [['F1', 'F1@1h'], /F1 is given twice/],
  ])('refuses %j clearly', (values, message) => {
    expect(() => parseSilences(values)).toThrow(CliError);
    expect(() => parseSilences(values)).toThrow(message);
  });

  it('is a command-line option of live play, repeatable, none by default', () => {
    const run = (argv: string[]) => {
      const c = parseCli(argv);
      if (c.kind !== 'run') throw new Error('expected run');
      return c.options.silences;
    };
    expect(run([])).toEqual([]);
    expect(run(['--silence', 'F1@10m+60m', '--silence', 'F2'])).toEqual([
      { bsId: 'F1', afterS: 600, forS: 3600 },
      { bsId: 'F2', afterS: 0, forS: null },
    ]);
    expect(() => parseCli(['--silence', 'F1', '--once'])).toThrow(/not with --once or --no-live/);
    expect(() => parseCli(['--silence', 'F1', '--no-live'])).toThrow(/not with --once or --no-live/);
    expect(() => parseCli(['--silence', 'F1@soon'])).toThrow(/--silence F1/);
  });
});

describe('silence windows', () => {
  const start = 1_000_000;
  const faults: SilenceFault[] = [
    { bsId: 'F1', afterS: 10 * M, forS: H },
    { bsId: 'F2', afterS: 0, forS: null },
  ];

  it('places each station’s silence from the start of live play', () => {
    expect(silenceWindows(faults, 'F1', start)).toEqual([{ fromTs: start + 600, toTs: start + 4200 }]);
    expect(silenceWindows(faults, 'F2', start)).toEqual([{ fromTs: start, toTs: null }]);
    expect(silenceWindows(faults, 'F3', start)).toEqual([]);
  });

  it.each([
    ['before', 'F1', start + 599, false],
    ['at its start', 'F1', start + 600, true],
    ['inside', 'F1', start + 4199, true],
    ['at its end: sending again', 'F1', start + 4200, false],
    ['for good', 'F2', start + 100 * H, true],
    ['a station not silenced', 'F3', start + 700, false],
  ])('%s (%s)', (_what, bsId, ts, silent) =>
    expect(isSilenced(silenceWindows(faults, bsId, start), ts)).toBe(silent),
  );
});

describe('FaultInjector with a silence', () => {
  const reading = (ts: number): IngestReading => ({ sensor_id: 'H1', meas_ts: ts, temperatures: [200] });

  it('sends nothing while silent, counts what it kept back, and sends again after', () => {
    const f = new FaultInjector(NO_FAULTS, mulberry32(1), [{ fromTs: 120, toTs: 240 }]);
    const sent = [60, 120, 180, 240, 300].map((ts) =>
      f.process([reading(ts)], ts).readings.map((r) => r.meas_ts),
    );
    expect(sent).toEqual([[60], [], [], [240], [300]]);
    expect(f.silenced).toBe(2);
  });

  it('lets readings held back before the silence out with the first packet after it', () => {
    const f = new FaultInjector({ loss: 0, late: 1, duplicate: 0 }, mulberry32(1), [
      { fromTs: 120, toTs: 180 },
    ]);
    expect(f.process([reading(60)], 60).readings).toEqual([]);
    expect(f.process([reading(120)], 120).readings).toEqual([]);
    // Everything is late at rate 1: this round holds 180 and releases 60.
    expect(f.process([reading(180)], 180).readings.map((r) => r.meas_ts)).toEqual([60]);
  });
});

describe('runLive with a silenced station', () => {
  let server: FakeIngestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('stops one station for the window while the other goes on, then resumes it', async () => {
    server = await startFakeIngestServer({ secrets: { F1: 'one', F2: 'two' } });
    const stations = [
      new StationSimulator(
        { bs_id: 'F1', secret: 'one', material: 'hay', probes: [{ sensor_id: 'H1', depths: 2 }] },
        3,
      ),
      new StationSimulator(
        { bs_id: 'F2', secret: 'two', material: 'hay', probes: [{ sensor_id: 'H2', depths: 2 }] },
        3,
      ),
    ];
    const stop = new AbortController();
    const interval = 600;
    // Three hours of rounds on a virtual clock set in the past (the fake server refuses the future).
    const start = alignDown(Math.floor(Date.now() / 1000) - 6 * H, interval);
    const firstTick = start + interval;
    const result = await runLive({
      stations,
      client: new IngestClient({ url: server.url }),
      intervalS: interval,
      speed: 1,
      fastS: 0,
      firstTickTs: firstTick,
      seed: 3,
      silences: [{ bsId: 'F1', afterS: 30 * M, forS: H }],
      signal: stop.signal,
      statusEveryMs: 0,
      ...virtualClock(start * 1000, (start + 3 * H) * 1000, stop),
    });
    const times = (sensor: string) =>
      [...server!.stored.keys()]
        .filter((k) => k.startsWith(`${sensor}@`))
        .map((k) => Number(k.split('@')[1]))
        .sort((a, b) => a - b);
    const from = firstTick + 30 * M;
    const to = from + H;
    expect(result.rounds).toBe(18);
    expect(times('H1').filter((t) => t >= from && t < to)).toEqual([]);
    expect(times('H1').some((t) => t >= to)).toBe(true);
    expect(times('H1').some((t) => t < from)).toBe(true);
    expect(times('H2').filter((t) => t >= from && t < to)).toHaveLength(H / interval);
    expect(result.silenced).toBe(H / interval);
  });
});

import { describe, expect, it } from 'vitest';
import {
  dataBreakChanges,
  DATA_BREAK_MAX_AGE_S,
  type OpenBreak,
  type WatchedProbe,
  type WatchedStation,
} from '../src/features/delivery/dataBreakChanges.js';

const NOW = 1_800_000_000;
const H = 3600;
const station = (over: Partial<WatchedStation> = {}): WatchedStation => ({
  bsId: 'F1',
  ownerId: 1,
  lastDataTs: NOW - 60,
  newestReadingTs: NOW - 60,
  delayS: 4 * H,
  ...over,
});
const probe = (sensorId: string, over: Partial<WatchedProbe> = {}): WatchedProbe => ({
  sensorId,
  bsId: 'F1',
  ownerId: 1,
  storageId: 5,
  lastTs: NOW - 60,
  delayS: 4 * H,
  ...over,
});
const open = (id: number, over: Partial<OpenBreak> = {}): OpenBreak => ({
  id,
  ownerId: 1,
  ruleType: 'noBSData',
  sensorId: 'F1',
  sinceTs: NOW - 5 * H,
  ...over,
});
const keys = (r: ReturnType<typeof dataBreakChanges>) => [
  ...r.raise.map((b) => `raise ${b.ruleType}:${b.sensorId}@${NOW - b.sinceTs}`),
  ...r.clear.map((c) => `clear ${c.id} ${c.reason}`),
];

describe('dataBreakChanges', () => {
  it.each<[string, WatchedStation[], WatchedProbe[], OpenBreak[], string[]]>([
    ['a station that sends: nothing', [station()], [probe('H1')], [], []],
    ['silent exactly as long as its delay: not yet', [station({ lastDataTs: NOW - 4 * H })], [], [], []],
    [
      'silent a second longer: one break for the station, none per probe',
      [station({ lastDataTs: NOW - 4 * H - 1 })],
      [probe('H1', { lastTs: NOW - 5 * H }), probe('H2', { lastTs: NOW - 5 * H })],
      [],
      [`raise noBSData:F1@${4 * H + 1}`],
    ],
    [
      'the delay is the station’s own',
      [station({ lastDataTs: NOW - H, delayS: 1800 })],
      [],
      [],
      [`raise noBSData:F1@${H}`],
    ],
    ['a station that never sent: nothing broken', [station({ lastDataTs: null })], [], [], []],
    [
      'probes silent at a station that sends: one break each (grouped later)',
      [station()],
      [probe('H1', { lastTs: NOW - 5 * H }), probe('H2'), probe('H3', { lastTs: NOW - 6 * H })],
      [],
      [`raise noProbeData:H1@${5 * H}`, `raise noProbeData:H3@${6 * H}`],
    ],
    ['a probe that never sent: nothing broken', [station()], [probe('H1', { lastTs: null })], [], []],
    ['already told: not raised again', [station({ lastDataTs: NOW - 5 * H })], [], [open(9)], []],
    ['data again: the break ends', [station()], [], [open(9)], ['clear 9 dataBack']],
    [
      'a probe’s data again: its break ends',
      [station()],
      [probe('H1')],
      [open(4, { ruleType: 'noProbeData', sensorId: 'H1' })],
      ['clear 4 dataBack'],
    ],
    [
      'a probe no longer placed: its break ends',
      [station()],
      [],
      [open(4, { ruleType: 'noProbeData', sensorId: 'H1' })],
      ['clear 4 removed'],
    ],
    [
      'the station went silent after its probe: the probe’s break stays (no data came)',
      [station({ lastDataTs: NOW - 5 * H })],
      [probe('H1', { lastTs: NOW - 6 * H })],
      [open(4, { ruleType: 'noProbeData', sensorId: 'H1', sinceTs: NOW - 6 * H })],
      [`raise noBSData:F1@${5 * H}`],
    ],
    [
      'silent again after data came: the old break ends and a new one starts',
      [station({ lastDataTs: NOW - 5 * H })],
      [],
      [open(9, { sinceTs: NOW - 30 * H })],
      ['clear 9 dataBack', `raise noBSData:F1@${5 * H}`].reverse(),
    ],
    [
      'a break that began more than three days ago is not sent (a retired station)',
      [station({ lastDataTs: NOW - DATA_BREAK_MAX_AGE_S - 4 * H - 1 })],
      [],
      [],
      [],
    ],
    [
      'a replay or a backlog (every reading stamped hours back, sent now): no probe is silent (issue 28 item 6)',
      [station({ newestReadingTs: NOW - 15 * H })],
      [probe('H1', { lastTs: NOW - 15 * H }), probe('H2', { lastTs: NOW - 15 * H - 600 })],
      [],
      [],
    ],
    [
      'during a replay a probe behind the others by more than its delay is silent',
      [station({ newestReadingTs: NOW - 15 * H })],
      [probe('H1', { lastTs: NOW - 15 * H }), probe('H2', { lastTs: NOW - 20 * H })],
      [],
      [`raise noProbeData:H2@${20 * H}`],
    ],
    [
      'a station moved to another account: its break ends',
      [station({ ownerId: 2 })],
      [],
      [open(9)],
      ['clear 9 removed'],
    ],
  ])('%s', (_name, stations, probes, told, want) => {
    expect(keys(dataBreakChanges(stations, probes, told, NOW)).sort()).toEqual([...want].sort());
  });
});

import { describe, expect, it } from 'vitest';
import {
  bucketCalls,
  callKindOf,
  TRAFFIC_WINDOWS_H,
  trafficBucketS,
  trafficWindow,
  type StationCallKind,
} from '../src/domain/stationTraffic.js';

const reading = { sensor_id: 'H1', meas_ts: 1_763_900_000, temperatures: [200] };

describe('the kind of a station call (spec doc 2 §3 "Traffic")', () => {
  it.each([
    [{ type: 'boot' }, 'boot'],
    [{ type: 'boot', readings: [reading] }, 'boot'],
    [{ type: 'conf' }, 'conf'],
    [{ type: 'conf3' }, 'conf'],
    [{ type: 'ota' }, 'ota'],
    [{ type: 'data', readings: [reading] }, 'data'],
    [{ type: 'data3', readings: [reading, reading] }, 'data'],
    // A data packet without readings is the station's heartbeat (docs/base-station-protocol.md).
    [{ type: 'data', readings: [] }, 'beat'],
    [{ type: 'data3' }, 'beat'],
    [{ type: 'data', readings: 'many' }, 'beat'],
    [{ type: 'gossip' }, 'other'],
    [{ type: 'DATA', readings: [reading] }, 'other'],
    [{}, 'other'],
    [[{ type: 'boot' }], 'other'],
    ['boot', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ] as [unknown, StationCallKind][])('%j is %s', (body, kind) => {
    expect(callKindOf(body)).toBe(kind);
  });
});

describe('the traffic window (spec doc 2 §9: 1, 3, 6, 12, 24 h)', () => {
  it.each([
    [1, 60],
    [3, 300],
    [6, 600],
    [12, 900],
    [24, 1800],
  ] as const)('%i h is drawn in bars of %i s, 36 to 60 of them', (h, bucketS) => {
    expect(trafficBucketS(h)).toBe(bucketS);
    const bars = (h * 3600) / bucketS;
    expect(bars).toBeGreaterThanOrEqual(36);
    expect(bars).toBeLessThanOrEqual(60);
  });

  /** A multiple of every bar width. */
  const NOW = 1_764_000_000;
  it.each([
    // now, offset h, window h → from, to
    [NOW, 0, 3, NOW + 300 - 3 * 3600, NOW + 300],
    [NOW + 1, 0, 3, NOW + 300 - 3 * 3600, NOW + 300],
    [NOW + 299, 0, 3, NOW + 300 - 3 * 3600, NOW + 300],
    [NOW - 1, 0, 3, NOW - 3 * 3600, NOW],
    [NOW, 3, 3, NOW + 300 - 6 * 3600, NOW + 300 - 3 * 3600],
    [NOW, 0, 1, NOW + 60 - 3600, NOW + 60],
    [NOW, 24, 24, NOW + 1800 - 48 * 3600, NOW + 1800 - 24 * 3600],
  ] as const)('at %i, %i h back, %i h: [%i, %i)', (now, offset, h, from, to) => {
    expect(NOW % 1800).toBe(0);
    const w = trafficWindow(now, offset, h);
    expect([w.fromTs, w.toTs]).toEqual([from, to]);
    // The window holds its own end moment (now − offset).
    expect(now - offset * 3600).toBeGreaterThanOrEqual(w.fromTs);
    expect(now - offset * 3600).toBeLessThan(w.toTs);
  });

  it.each(TRAFFIC_WINDOWS_H)('%i h: every window is a whole number of bars', (h) => {
    for (const now of [NOW, NOW + 7, NOW + 1799])
      expect((trafficWindow(now, 0, h).toTs - trafficWindow(now, 0, h).fromTs) % trafficBucketS(h)).toBe(0);
  });
});

describe('calls bucketed into the five series', () => {
  const window = { fromTs: 1000, toTs: 1300, bucketS: 100 };
  const counts = (calls: { ts: number; kind: StationCallKind }[]) => {
    const s = bucketCalls(calls, window);
    return {
      boot: s.bootValues.map((p) => p.n),
      conf: s.confValues.map((p) => p.n),
      ota: s.otaValues.map((p) => p.n),
      data: s.dataValues.map((p) => p.n),
      beat: s.beatValues.map((p) => p.n),
    };
  };
  const zero = [0, 0, 0];

  it('gives every series one point per bar, zeros included, stamped with the bar’s start', () => {
    const s = bucketCalls([], window);
    for (const series of Object.values(s))
      expect(series).toEqual([
        { ts: 1000, n: 0 },
        { ts: 1100, n: 0 },
        { ts: 1200, n: 0 },
      ]);
  });

  it.each([
    ['a boot at the window’s start', [{ ts: 1000, kind: 'boot' }], { boot: [1, 0, 0] }],
    ['a data call at a bar’s last second', [{ ts: 1099, kind: 'data' }], { data: [1, 0, 0] }],
    ['a data call at the next bar’s first', [{ ts: 1100, kind: 'data' }], { data: [0, 1, 0] }],
    ['a heartbeat in the last bar', [{ ts: 1299, kind: 'beat' }], { beat: [0, 0, 1] }],
    ['a call at the window’s end (outside)', [{ ts: 1300, kind: 'data' }], {}],
    ['a call before the window', [{ ts: 999, kind: 'conf' }], {}],
    ['an unreadable call (not drawn)', [{ ts: 1150, kind: 'other' }], {}],
    [
      'several kinds and calls in one bar',
      [
        { ts: 1210, kind: 'ota' },
        { ts: 1220, kind: 'ota' },
        { ts: 1230, kind: 'conf' },
        { ts: 1240, kind: 'data' },
        { ts: 1050, kind: 'data' },
      ],
      { ota: [0, 0, 2], conf: [0, 0, 1], data: [1, 0, 1] },
    ],
  ] as [string, { ts: number; kind: StationCallKind }[], Partial<ReturnType<typeof counts>>][])(
    '%s',
    (_name, calls, expected) => {
      expect(counts(calls)).toEqual({
        boot: zero,
        conf: zero,
        ota: zero,
        data: zero,
        beat: zero,
        ...expected,
      });
    },
  );
});

import { describe, expect, it } from 'vitest';
import { survivingCalls, type RotatedCall } from '../src/features/station-logs/callRotation.js';
import { DETAIL_MAX_CHARS, summarizeCall } from '../src/features/station-logs/callSummary.js';

const NOW = 1_764_000_000;
const DAY = 86_400;
const limits = { maxAgeS: 7 * DAY, perStation: 3, total: 5 };
const call = (id: number, bsId: string, ago: number): RotatedCall => ({ id, bsId, ts: NOW - ago });
const ids = (calls: RotatedCall[]) => calls.map((c) => c.id);

// The call log's rotation (decision 0090): age first, then each station's share, then the total.
describe('the call log rotation', () => {
  it.each([
    ['nothing to rotate', [call(1, 'A', 10)], [1]],
    [
      'a call a week old stays, one a second older goes',
      [call(1, 'A', 7 * DAY), call(2, 'A', 7 * DAY + 1)],
      [1],
    ],
    [
      'a station keeps its newest three',
      [call(1, 'A', 50), call(2, 'A', 40), call(3, 'A', 30), call(4, 'A', 20)],
      [4, 3, 2],
    ],
    [
      'newest by time, not by arrival',
      [call(1, 'A', 10), call(2, 'A', 40), call(3, 'A', 30), call(4, 'A', 20)],
      [1, 4, 3],
    ],
    [
      'at the same second the later arrival is newer',
      [call(1, 'A', 10), call(2, 'A', 10), call(3, 'A', 10), call(4, 'A', 10)],
      [4, 3, 2],
    ],
    [
      'a busy station does not push out a quiet one',
      [call(1, 'Q', 100), call(2, 'B', 5), call(3, 'B', 4), call(4, 'B', 3), call(5, 'B', 2)],
      [5, 4, 3, 1],
    ],
    [
      'invented ids flooding in stay within the total, newest kept',
      [
        call(1, 'A', 100),
        call(2, 'X1', 6),
        call(3, 'X2', 5),
        call(4, 'X3', 4),
        call(5, 'X4', 3),
        call(6, 'X5', 2),
      ],
      [6, 5, 4, 3, 2],
    ],
    [
      'age before the station’s share: old calls do not count against it',
      [call(1, 'A', 8 * DAY), call(2, 'A', 8 * DAY), call(3, 'A', 8 * DAY), call(4, 'A', 1)],
      [4],
    ],
    [
      'the station’s share before the total',
      [
        call(1, 'A', 1),
        call(2, 'A', 2),
        call(3, 'A', 3),
        call(4, 'A', 4),
        call(5, 'B', 5),
        call(6, 'C', 6),
        call(7, 'D', 7),
      ],
      [1, 2, 3, 5, 6],
    ],
    ['an empty log', [], []],
  ] as [string, RotatedCall[], number[]][])('%s', (_name, calls, kept) => {
    expect(ids(survivingCalls(calls, NOW, limits))).toEqual(kept);
  });
});

describe('the summary a detailed-logged call keeps', () => {
  const reading = (i: number) => ({
    sensor_id: `H${String(i).padStart(31, '0')}`,
    meas_ts: NOW + i,
    temperatures: [1, 2, 3, 4, 5, 6, 7, 8],
  });

  it('names the packet’s fields, its readings and probes, and the answer', () => {
    const body = {
      type: 'data',
      sent_ts: NOW,
      firmware: '3.4',
      mobile: { operator: 'Elisa', net: 'LTE', rssi: -70 },
      readings: [reading(1), reading(2), reading(1)],
    };
    const answer = JSON.stringify({ status_code: 0, stored: 2, duplicates: 1, refused: 0, refusals: [] });
    expect(JSON.parse(summarizeCall(body, answer))).toEqual({
      packet: {
        type: 'data',
        sent_ts: NOW,
        firmware: '3.4',
        mobile: { operator: 'Elisa', net: 'LTE', rssi: -70 },
        readings: 3,
        probes: [reading(1).sensor_id, reading(2).sensor_id],
        meas_ts: [NOW + 1, NOW + 2],
      },
      answer: { status_code: 0, stored: 2, duplicates: 1, refused: 0, refusals: [] },
    });
  });

  it('words a refusal and a body that was no JSON', () => {
    const answer = JSON.stringify({
      status_code: 400,
      error: 'malformed packet',
      path: 'readings.0.meas_ts',
    });
    expect(JSON.parse(summarizeCall(undefined, answer))).toEqual({
      packet: '(not JSON)',
      answer: { status_code: 400, error: 'malformed packet', path: 'readings.0.meas_ts' },
    });
  });

  it.each([
    [
      'a thousand readings of a thousand probes',
      { type: 'data', readings: Array.from({ length: 1000 }, (_, i) => reading(i)) },
    ],
    [
      'long texts everywhere',
      { type: 'x'.repeat(10_000), firmware: 'y'.repeat(10_000), version: 'z'.repeat(10_000) },
    ],
  ])('stays within the limit for %s', (_name, body) => {
    const refusals = Array.from({ length: 100 }, (_, i) => ({
      sensor_id: 'G'.repeat(32),
      reason: 'foreign_probe',
      readings: i,
    }));
    const answer = JSON.stringify({
      status_code: 0,
      stored: 0,
      duplicates: 0,
      refused: 100,
      refusals,
      error: 'e'.repeat(5000),
    });
    const text = summarizeCall(body, answer);
    expect(text.length).toBeLessThanOrEqual(DETAIL_MAX_CHARS);
    expect(text).toContain('"readings"');
  });
});

import { describe, expect, it } from 'vitest';
import { firmwareIntervals, otaAssignRefusal, type OtaAssignRefusal } from '../src/domain/firmware.js';

describe('assigning a firmware update (spec doc 2 §5)', () => {
  it.each<[string, Parameters<typeof otaAssignRefusal>[0], OtaAssignRefusal | null]>([
    ['no revision chosen', { chosen: null, current: '3.2', pending: null }, 'noRevision'],
    ['an empty choice', { chosen: '', current: '3.2', pending: null }, 'noRevision'],
    ['the chosen equals the current', { chosen: '3.2', current: '3.2', pending: null }, 'sameAsCurrent'],
    ['one is pending', { chosen: '3.4', current: '3.2', pending: '3.3' }, 'pending'],
    ['one is pending, the same chosen', { chosen: '3.3', current: '3.2', pending: '3.3' }, 'pending'],
    ['nothing chosen while one is pending', { chosen: null, current: '3.2', pending: '3.3' }, 'noRevision'],
    ['a new revision', { chosen: '3.4', current: '3.2', pending: null }, null],
    ['an older revision (a downgrade)', { chosen: '3.1', current: '3.2', pending: null }, null],
    ['a station that never reported one', { chosen: '3.4', current: null, pending: null }, null],
    [
      'old_rev as the station runs',
      { chosen: '3.4', current: '3.2', pending: null, seenCurrent: '3.2' },
      null,
    ],
    ['old_rev stale', { chosen: '3.4', current: '3.3', pending: null, seenCurrent: '3.2' }, 'stale'],
    [
      'old_rev null, the station now reports one',
      { chosen: '3.4', current: '3.3', pending: null, seenCurrent: null },
      'stale',
    ],
    ['old_rev null as the station', { chosen: '3.4', current: null, pending: null, seenCurrent: null }, null],
  ])('%s', (_case, state, refusal) => {
    expect(otaAssignRefusal(state)).toBe(refusal);
  });
});

describe('the interval settings a firmware allows (spec doc 2 §6, §9)', () => {
  it.each([
    [null, 'fixed', false, false],
    ['', 'fixed', false, false],
    ['beta', 'fixed', false, false],
    ['1.0', 'fixed', false, false],
    ['1.1', 'standard', false, false],
    ['1.9', 'standard', false, false],
    ['2', 'standard', true, false],
    ['2.9.9', 'standard', true, false],
    ['3', 'user', true, true],
    ['3.4', 'user', true, true],
    ['v4.0', 'user', true, true],
  ] as const)(
    'firmware %s: station intervals %s, measurement %s, receiving time %s',
    (fw, station, mi, rt) => {
      expect(firmwareIntervals(fw)).toEqual({
        stationIntervals: station,
        probeMeasurementInterval: mi,
        probeReceivingTime: rt,
      });
    },
  );
});

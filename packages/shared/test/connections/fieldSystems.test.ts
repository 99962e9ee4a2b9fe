import { describe, expect, it } from 'vitest';
import {
  fieldSystemStatus,
  matchesFieldSystem,
  type FieldSystemFacts,
  type FieldSystemFilter,
} from '../../src/domain/fieldSystems.js';

const NOW = 1_800_000_000;

describe('a field system', () => {
  it.each([
    [{ lastPollTs: null, offline: false }, 'never'],
    [{ lastPollTs: null, offline: true }, 'never'],
    [{ lastPollTs: NOW - 30, offline: false }, 'online'],
    [{ lastPollTs: NOW - 120, offline: false }, 'online'],
    [{ lastPollTs: NOW - 121, offline: false }, 'offline'],
    [{ lastPollTs: NOW - 10, offline: true }, 'offline'],
  ] as const)('%o is %s', (c, status) => {
    expect(fieldSystemStatus(c, NOW, 120)).toBe(status);
  });

  const rc: FieldSystemFacts = {
    id: 'RC12-0042',
    name: 'Windrow blowers',
    type: 'RC',
    owner: 'compost@demo.emberwatch',
    ownerName: 'Carla Compost',
    firmware: '1.4.2',
    status: 'offline',
    channelsInUse: 2,
  };
  const fc: FieldSystemFacts = {
    ...rc,
    id: 'FC-7',
    name: null,
    type: 'FC',
    firmware: null,
    status: 'online',
    channelsInUse: 0,
  };

  it.each<[string, FieldSystemFilter, boolean, boolean]>([
    ['no filter', {}, true, true],
    ['id, any case', { q: 'rc12' }, true, false],
    ['name', { q: 'blowers' }, true, false],
    ['owner', { q: 'COMPOST@' }, true, true],
    ['owner name', { q: 'carla' }, true, true],
    ['blank text', { q: '  ' }, true, true],
    ['type', { type: 'FC' }, false, true],
    ['status', { status: 'offline' }, true, false],
    ['firmware part', { firmware: '1.4' }, true, false],
    ['firmware none', { firmware: 'none' }, false, true],
    ['in use', { inUse: true }, true, false],
    ['not in use', { inUse: false }, false, true],
    [
      'all at once',
      { q: 'windrow', type: 'RC', status: 'offline', firmware: '1.4', inUse: true },
      true,
      false,
    ],
    ['one of them fails', { q: 'windrow', status: 'online' }, false, false],
  ])('%s', (_what, filter, rcMatches, fcMatches) => {
    expect(matchesFieldSystem(rc, filter)).toBe(rcMatches);
    expect(matchesFieldSystem(fc, filter)).toBe(fcMatches);
  });
});

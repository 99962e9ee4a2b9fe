import { describe, expect, it } from 'vitest';
import { firmwareAtLeast, probePropertyPermissions } from '../src/domain/probeProperties.js';

// Spec doc 2 §4: "Admin (not master) may edit measurement interval (firmware 2 or later) and receiving
// time (firmware 3 or later). Master cannot rename probes; aux probes cannot be renamed."
describe('firmwareAtLeast', () => {
  it.each([
    ['3.2', 3, true],
    ['3', 3, true],
    ['2.9', 3, false],
    ['2.4', 2, true],
    ['1.1', 2, false],
    ['3.2.1', 3, true],
    ['V3.0', 3, true],
    [null, 2, false],
    ['', 2, false],
    ['beta', 1, false],
  ] as const)('firmware %s ≥ %d is %s', (fw, min, ok) => {
    expect(firmwareAtLeast(fw, min)).toBe(ok);
  });
});

describe('probePropertyPermissions', () => {
  const base = {
    isAdmin: false,
    isMaster: false,
    isGrandMaster: false,
    isSubUser: false,
    isAux: false,
    firmware: '3.2',
  };
  it.each([
    ['an owner renames and corrects, no intervals', base, [true, true, false, false]],
    ['a sub-user renames, no corrections', { ...base, isSubUser: true }, [true, false, false, false]],
    [
      'a read-only master neither renames nor corrects',
      { ...base, isMaster: true },
      [false, false, false, false],
    ],
    [
      'a grand master corrects but cannot rename',
      { ...base, isMaster: true, isGrandMaster: true },
      [false, true, false, false],
    ],
    ['an aux probe cannot be renamed', { ...base, isAux: true }, [false, true, false, false]],
    ['an admin on firmware 3.2 edits both intervals', { ...base, isAdmin: true }, [true, true, true, true]],
    [
      'an admin on firmware 2.4 edits the measurement interval only',
      { ...base, isAdmin: true, firmware: '2.4' },
      [true, true, true, false],
    ],
    [
      'an admin on firmware 1.1 edits neither',
      { ...base, isAdmin: true, firmware: '1.1' },
      [true, true, false, false],
    ],
    [
      'an admin who is a master edits neither',
      { ...base, isAdmin: true, isMaster: true },
      [false, false, false, false],
    ],
  ])('%s', (_name, ctx, [rename, correction, mi, rt]) => {
    expect(probePropertyPermissions(ctx)).toEqual({
      rename,
      correction,
      measurementInterval: mi,
      receivingTime: rt,
    });
  });
});

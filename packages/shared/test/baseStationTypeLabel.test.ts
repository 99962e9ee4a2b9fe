import { describe, expect, it } from 'vitest';
import { baseStationTypeLabel } from '../src/domain/baseStationTypeLabel.js';

// Spec doc 1 §3 (and doc 2 §3): the base-station type label from a type number and a version string;
// "version characters 2-4" are 1-based, so "V4.0.7" gives "4.0".
describe('baseStationTypeLabel (spec doc 1 §3, every row of the table)', () => {
  const rows: Array<[string, number | null | undefined, string | null | undefined, string]> = [
    ['-1 is a V3 of undefined type', -1, 'V4.2.1', 'V3 - Type yet undefined'],
    ['-1 without a version too', -1, null, 'V3 - Type yet undefined'],
    ['1 is V1 Standard', 1, 'V1.0.0', 'V1 Standard'],
    ['1 is V1 Standard whatever the version', 1, 'V5.1.0', 'V1 Standard'],
    ['a missing type (null) is V1 Standard', null, 'V4.0.7', 'V1 Standard'],
    ['a missing type (undefined) is V1 Standard', undefined, undefined, 'V1 Standard'],
    ['2 with version 4.0 is V3 Ethernet, G2', 2, 'V4.0.7', 'V3 Ethernet, G2'],
    ['2 with version 4.2 is V3 Ethernet, G3', 2, 'V4.2.9', 'V3 Ethernet, G3'],
    ['2 with version 5.1 is Ethernet, G4', 2, 'V5.1.0', 'Ethernet, G4'],
    ['2 with another version is V2 Standard', 2, 'V3.9.1', 'V2 Standard'],
    ['2 with a mobile version (4.1) is V2 Standard', 2, 'V4.1.0', 'V2 Standard'],
    ['2 without a version is V2 Standard', 2, null, 'V2 Standard'],
    ['2 with an empty version is V2 Standard', 2, '', 'V2 Standard'],
    ['3 with version 4.1 is V3 Mobile, G2', 3, 'V4.1.2', 'V3 Mobile, G2'],
    ['3 with version 4.3 is V3 Mobile, G3', 3, 'V4.3.0', 'V3 Mobile, G3'],
    ['3 with version 5.2 is Mobile, G4', 3, 'V5.2.2', 'Mobile, G4'],
    ['3 with another version is GPRS', 3, 'V3.0.0', 'GPRS'],
    ['3 with an Ethernet version (5.1) is GPRS', 3, 'V5.1.0', 'GPRS'],
    ['3 without a version is GPRS', 3, undefined, 'GPRS'],
    ['any other type is odd: 0', 0, 'V5.1.0', 'Odd type "0"?'],
    ['any other type is odd: 7', 7, null, 'Odd type "7"?'],
    ['any other type is odd: -2', -2, 'V4.0.0', 'Odd type "-2"?'],
  ];
  it.each(rows)('%s', (_name, type, version, label) => {
    expect(baseStationTypeLabel(type, version)).toBe(label);
  });

  it('reads characters 2-4 only: a longer version with the same prefix gives the same label', () => {
    expect(baseStationTypeLabel(2, 'V5.1')).toBe('Ethernet, G4');
    expect(baseStationTypeLabel(2, 'V5.1.12-beta')).toBe('Ethernet, G4');
    expect(baseStationTypeLabel(3, 'X4.3')).toBe('V3 Mobile, G3');
  });
});

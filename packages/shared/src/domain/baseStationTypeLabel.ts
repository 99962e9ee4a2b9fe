/**
 * Human label of a base station model, from its type number and firmware version string.
 * Spec doc 1 §3 and doc 2 §3 give the table; "characters 2-4" are 1-based, so "V4.0.7" → "4.0".
 */
export function baseStationTypeLabel(
  type: number | null | undefined,
  version: string | null | undefined,
): string {
  const v = (version ?? '').substring(1, 4);
  if (type === -1) return 'V3 - Type yet undefined';
  if (type === 1 || type === null || type === undefined) return 'V1 Standard';
  if (type === 2) {
    if (v === '4.0') return 'V3 Ethernet, G2';
    if (v === '4.2') return 'V3 Ethernet, G3';
    if (v === '5.1') return 'Ethernet, G4';
    return 'V2 Standard';
  }
  if (type === 3) {
    if (v === '4.1') return 'V3 Mobile, G2';
    if (v === '4.3') return 'V3 Mobile, G3';
    if (v === '5.2') return 'Mobile, G4';
    return 'GPRS';
  }
  return `Odd type "${type}"?`;
}

/**
 * Whether a sensor id is a probe serial a station may report: an upper-case letter (the material
 * letter: H hay, G grain, C compost …), then up to 31 upper-case letters, digits, `-` or `_`.
 * Every probe the demo, the simulator and real stations know has this shape (H10001, G20001, C30001).
 * The ingest wire format is looser (any of A–Z a–z 0–9 _ -); this rule keeps ids such as `__proto__`,
 * `hasOwnProperty`, `prototype` or `-1` out of the store, where they could only be noise or bait for
 * code that looks ids up in plain objects.
 */
export const PROBE_SERIAL_PATTERN = /^[A-Z][A-Z0-9_-]{0,31}$/;

export function isProbeSerial(sensorId: string): boolean {
  return PROBE_SERIAL_PATTERN.test(sensorId);
}

/**
 * A customer's location on the map (decision 0098): latitude and longitude in degrees (WGS 84), stored
 * as whole micro-degrees (about 11 cm) so both stores keep the same integers the rest of the schema
 * uses; the map reads degrees.
 */
export const LAT_MAX = 90;
export const LON_MAX = 180;
const MICRO = 1_000_000;

export type LocationProblem = 'latitude' | 'longitude' | 'pair';

/** What is wrong with a pair as typed (both empty: no location, which is fine), or null. */
export function locationProblem(lat: number | null, lon: number | null): LocationProblem | null {
  if ((lat === null) !== (lon === null)) return 'pair';
  if (lat === null || lon === null) return null;
  if (!Number.isFinite(lat) || Math.abs(lat) > LAT_MAX) return 'latitude';
  if (!Number.isFinite(lon) || Math.abs(lon) > LON_MAX) return 'longitude';
  return null;
}

/** A coordinate as typed ("61,49" or "61.49"); null when empty, NaN when not a number. */
export function parseCoordinate(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  return /^[+-]?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

export function toMicroDegrees(deg: number): number {
  return Math.round(deg * MICRO);
}

export function fromMicroDegrees(micro: number): number {
  return micro / MICRO;
}

/** The smallest box around the points, [[south, west], [north, east]]; null without points. */
export function boundsOf(
  points: readonly { lat: number; lon: number }[],
): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let [s, w, n, e] = [LAT_MAX, LON_MAX, -LAT_MAX, -LON_MAX];
  for (const p of points) {
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lon);
    e = Math.max(e, p.lon);
  }
  return [
    [s, w],
    [n, e],
  ];
}

import { mix32 } from './hashSeed.js';

/**
 * Stateless noise: the curves must be pure functions of (seed, time) so that a backfill, a resend
 * and a live run all produce the very same reading for the same probe and timestamp.
 */

/** Uniform in [0, 1) for an integer lattice point n (any safe integer) under a seed. */
export function hash01(seed: number, n: number): number {
  const lo = n | 0;
  const hi = Math.floor(n / 4_294_967_296) | 0;
  const h = mix32((seed ^ Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca77)) >>> 0);
  return mix32(h ^ 0x27d4eb2f) / 4_294_967_296;
}

/** Smooth noise in [-1, 1]: random values at integer x, eased in between (C¹-continuous). */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const u = f * f * (3 - 2 * f);
  const a = hash01(seed, i) * 2 - 1;
  const b = hash01(seed, i + 1) * 2 - 1;
  return a + (b - a) * u;
}

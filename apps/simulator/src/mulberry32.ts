/**
 * A small, fast, seeded PRNG (Tommy Ettinger's mulberry32): 32 bits of state, uniform in [0, 1).
 * Good enough for simulation noise; the same seed always gives the same sequence.
 */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** murmur3's finaliser: every input bit flips about half of the output bits. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit seed from any mix of strings and numbers (FNV-1a, then mixed), so that a probe's curve
 * depends only on the run seed, its station id and its sensor id — never on the order of the config.
 */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

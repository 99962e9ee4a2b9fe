import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An API key as the holder sends it: `ewk_<id>_<secret>` — a public id to find its row by, and 32
 * random bytes (base64url) whose SHA-256 is all the store keeps (decision 0109). A slow password
 * hash would add nothing for a secret of 256 random bits, and would cost every call.
 */
const KEY_PATTERN = /^ewk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface ParsedKey {
  id: string;
  secret: string;
}

export function parseApiKey(text: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(text.trim());
  return m ? { id: m[1] as string, secret: m[2] as string } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether the secret is the one whose hash is stored, in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newKeyId(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/** A new secret for the key `id`: the whole key to hand out once, and the hash to store. */
export function newKeySecret(id: string): { key: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { key: `ewk_${id}_${secret}`, hash: hashSecret(secret) };
}

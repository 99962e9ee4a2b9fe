import { createHash } from 'node:crypto';

/**
 * Hex SHA-256. Used for secrets with 256 bits of entropy (refresh tokens, station secrets), where a
 * slow password hash would add latency and no security; passwords use argon2id instead.
 */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

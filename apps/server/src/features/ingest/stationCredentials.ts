import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../security/sha256.js';
import type { BaseStationRepository } from '../base-stations/index.js';

/**
 * Station secrets are 256 random bits, so a plain SHA-256 is enough to store them (a slow password
 * hash would only cost latency on every packet). Hashes are cached briefly: a station sends often.
 */
export function issueStationSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashStationSecret(secret) };
}

export function hashStationSecret(secret: string): string {
  return sha256(secret);
}

export function parseStationAuthorization(
  header: string | undefined,
): { bsId: string; secret: string } | null {
  const m = /^Station ([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]{16,128})$/.exec(header?.trim() ?? '');
  return m ? { bsId: m[1] as string, secret: m[2] as string } : null;
}

const CACHE_MS = 30_000;
const MAX_ENTRIES = 100_000;

export class StationCredentials {
  private readonly cache = new Map<string, { hash: string; until: number }>();

  constructor(private readonly stations: BaseStationRepository) {}

  async verify(bsId: string, secret: string): Promise<boolean> {
    const now = Date.now();
    let hash = this.cache.get(bsId);
    if (!hash || hash.until < now) {
      const stored = await this.stations.credentialHashOf(bsId);
      // Unknown ids are never cached: anyone can send them, and the cache must stay bounded by the
      // number of real stations.
      if (!stored) return false;
      hash = { hash: stored, until: now + CACHE_MS };
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(bsId, hash);
    }
    const a = Buffer.from(hash.hash, 'hex');
    const b = Buffer.from(hashStationSecret(secret), 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

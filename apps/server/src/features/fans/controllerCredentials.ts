import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../security/sha256.js';

/**
 * Controller secrets are 256 random bits, issued once at registration; only their SHA-256 is stored
 * (as for base stations: a slow password hash would cost every poll latency and add no safety to a
 * secret nobody can guess). docs/fan-controller-protocol.md "Credentials".
 */
export function issueControllerSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256(secret) };
}

export function parseControllerAuthorization(
  header: string | undefined,
): { fcId: string; secret: string } | null {
  const m = /^Controller ([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]{16,128})$/.exec(header?.trim() ?? '');
  return m ? { fcId: m[1] as string, secret: m[2] as string } : null;
}

const CACHE_MS = 30_000;
const MAX_ENTRIES = 100_000;

/** Checks a controller's secret; hashes of known controllers are cached briefly (they poll often). */
export class ControllerCredentials {
  private readonly cache = new Map<string, { hash: string; until: number }>();

  constructor(private readonly hashOf: (fcId: string) => Promise<string | undefined>) {}

  async verify(fcId: string, secret: string): Promise<boolean> {
    const now = Date.now();
    let entry = this.cache.get(fcId);
    if (!entry || entry.until < now) {
      const stored = await this.hashOf(fcId);
      // Unknown ids are never cached: anyone can send them.
      if (!stored) return false;
      entry = { hash: stored, until: now + CACHE_MS };
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(fcId, entry);
    }
    const a = Buffer.from(entry.hash, 'hex');
    const b = Buffer.from(sha256(secret), 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** A new secret was issued: the old one stops working at once on this instance. */
  forget(fcId: string): void {
    this.cache.delete(fcId);
  }
}

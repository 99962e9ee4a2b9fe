import { SignJWT, jwtVerify } from 'jose';
import type { AccessToken } from '@emberwatch/shared/contracts/session';

const VERIFIED_CACHE_SIZE = 10_000;

/**
 * A verified token: its user, its expiry, and in a customer's session opened by a staff member
 * (loginAdmin, decision 0099) that member's id (the `act` claim, RFC 8693's actor); null otherwise.
 */
export interface VerifiedToken {
  userId: number;
  exp: number;
  actingStaffId: number | null;
}

/** Short-lived HS256 access tokens; the refresh token (cookie) is what keeps a session going. */
export class AccessTokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their user and expiry: a token is immutable, so checking its
   * signature once is enough (HMAC through WebCrypto costs more than the rest of a small request).
   * Expiry is still checked on every use.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly ttlS: number,
    private readonly nowS: () => number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number, actingStaffId: number | null = null): Promise<AccessToken> {
    const iat = this.nowS();
    const exp = iat + this.ttlS;
    const accessToken = await new SignJWT(
      actingStaffId === null ? {} : { act: { sub: String(actingStaffId) } },
    )
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setAudience('emberwatch')
      .sign(this.key);
    return { accessToken, accessTokenExpiry: exp * 1000 };
  }

  /** The user id, or null for a missing, forged or expired token. */
  async verify(token: string): Promise<number | null> {
    return (await this.verifyWithExpiry(token))?.userId ?? null;
  }

  /** The user id and the token's expiry (epoch seconds), or null for a bad or expired token. */
  async verifyWithExpiry(token: string): Promise<VerifiedToken | null> {
    const now = this.nowS();
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: 'emberwatch',
        currentDate: new Date(now * 1000),
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || id <= 0 || payload.exp === undefined) return null;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      const act = (payload as { act?: { sub?: unknown } }).act?.sub;
      const actingStaffId = act === undefined ? null : Number(act);
      if (actingStaffId !== null && (!Number.isInteger(actingStaffId) || actingStaffId <= 0)) return null;
      const entry = { userId: id, exp: payload.exp, actingStaffId };
      this.verified.set(token, entry);
      return entry;
    } catch {
      return null;
    }
  }
}

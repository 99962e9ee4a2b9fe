import { SignJWT, jwtVerify } from 'jose';
import type { AccessToken } from '@emberwatch/shared';

/** Short-lived HS256 access tokens; the refresh token (cookie) is what keeps a session going. */
export class AccessTokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlS: number,
    private readonly nowS: () => number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number): Promise<AccessToken> {
    const iat = this.nowS();
    const exp = iat + this.ttlS;
    const accessToken = await new SignJWT({})
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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: 'emberwatch',
        currentDate: new Date(this.nowS() * 1000),
      });
      const id = Number(payload.sub);
      return Number.isInteger(id) && id > 0 ? id : null;
    } catch {
      return null;
    }
  }
}

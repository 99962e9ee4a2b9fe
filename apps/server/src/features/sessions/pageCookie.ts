import { createHmac, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../security/sha256.js';

/**
 * The page cookie (decision 0174): who a page's GET is for, so the server can draw that user's first
 * screen. The refresh cookie cannot serve: it is `SameSite=Strict` and sent under /admin only.
 */
export const PAGE_COOKIE = 'ew_view';

const HASH = /^[0-9a-f]{64}$/;

/**
 * `<sha256(refresh token)>.<HMAC of that hash>`: derived from the refresh token it is set with, so
 * nothing new is stored. The hash alone cannot refresh (that needs the token itself), and the HMAC
 * means a leaked table of token hashes gives no page views.
 */
export class PageCookie {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    // A key of its own: the signing secret is not used raw for a second purpose.
    this.key = createHmac('sha256', jwtSecret).update('emberwatch page cookie').digest();
  }

  valueFor(refreshToken: string): string {
    const hash = sha256(refreshToken);
    return `${hash}.${this.mac(hash)}`;
  }

  /** The refresh token's hash the value vouches for, or null for a missing, malformed or forged one. */
  hashOf(value: string | undefined): string | null {
    if (!value) return null;
    const dot = value.indexOf('.');
    const hash = value.slice(0, dot);
    if (dot < 0 || !HASH.test(hash)) return null;
    const want = Buffer.from(this.mac(hash));
    const got = Buffer.from(value.slice(dot + 1));
    return want.length === got.length && timingSafeEqual(want, got) ? hash : null;
  }

  private mac(hash: string): string {
    return createHmac('sha256', this.key).update(hash).digest('base64url');
  }
}

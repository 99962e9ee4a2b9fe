import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from '../../security/sha256.js';
import type { AccessToken } from '@emberwatch/shared/contracts/session';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { ApiError } from '../../http/ApiError.js';
import type { UserRepository } from '../users/index.js';
import type { AccessTokenSigner } from './accessToken.js';
import type { LoginRateLimiter } from './loginRateLimiter.js';
import { LoginThrottledError } from './loginThrottledError.js';
import { dummyPasswordHash, verifyPassword } from './passwordHash.js';
import type { RefreshTokenRepository } from './refreshToken.repository.js';

/**
 * Two tabs of one browser that refresh at the same moment both present the same token; within this
 * many seconds a second use is accepted. A replay later than that revokes the family.
 */
export const REUSE_GRACE_S = 10;

export interface IssuedSession extends AccessToken {
  userId: number;
  refreshToken: string;
  refreshExpiresTs: number;
}

/** Whom a page is drawn for: the user, the staff member acting in a customer's session, a token. */
export interface PageViewer {
  userId: number;
  actingStaffId: number | null;
  token: AccessToken;
}

/**
 * Login, refresh-token rotation and logout. A refresh token is used once; presenting a used one means
 * it was stolen or replayed, so the whole family (every descendant) is revoked.
 */
export class SessionService {
  constructor(
    private readonly users: UserRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly signer: AccessTokenSigner,
    private readonly limiter: LoginRateLimiter,
    private readonly refreshTtlS: number,
    private readonly nowS: () => number,
  ) {}

  async login(username: string, password: string, address: string): Promise<IssuedSession> {
    // The wait is asked and the attempt counted in one synchronous step, before the (slow) check:
    // guesses sent in parallel cannot all pass the limit before any of them is counted. A success
    // takes the count back.
    const wait = this.limiter.retryAfter(username, address);
    if (wait > 0) throw new LoginThrottledError(wait);
    this.limiter.recordFailure(username, address);
    const user = await this.users.findByUsername(username);
    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : (await verifyPassword(await dummyPasswordHash(), password)) && false;
    if (!user || !ok) throw ApiError.unauthenticated('Wrong username or password.');
    this.limiter.recordSuccess(username, address);
    if (user.blocked) throw ApiError.forbidden('This account is blocked. Please contact support.');
    return this.issue(user.id, randomUUID());
  }

  async refresh(token: string | undefined): Promise<IssuedSession> {
    if (!token) throw ApiError.unauthenticated('No session.');
    const hash = sha256(token);
    const row = await this.refreshTokens.find(hash);
    const now = this.nowS();
    if (!row || row.revoked_ts !== null || row.expires_ts <= now)
      throw ApiError.unauthenticated('Your session has ended.');
    if (row.used_ts !== null && now - row.used_ts > REUSE_GRACE_S) {
      await this.refreshTokens.revokeFamily(row.family_id, now);
      throw ApiError.unauthenticated('Your session has ended.');
    }
    // A token used moments ago (or just now, by a request racing this one) is two tabs of one
    // browser refreshing together, not a theft: both get a fresh token of the same family.
    if (row.used_ts === null) await this.refreshTokens.markUsed(hash, now);
    const user = await this.users.findById(row.user_id);
    if (!user || user.blocked || !(await this.actingStaffMay(row.acting_staff_id))) {
      await this.refreshTokens.revokeFamily(row.family_id, now);
      throw ApiError.unauthenticated('Your session has ended.');
    }
    return this.issue(row.user_id, row.family_id, row.acting_staff_id);
  }

  /**
   * A customer's session for a staff member (loginAdmin, decision 0099): a family of its own whose
   * every token names the member. The caller (the staff feature) has checked who may open whose.
   */
  openActing(customerId: number, staffId: number): Promise<IssuedSession> {
    return this.issue(customerId, randomUUID(), staffId);
  }

  /** The session a refresh token belongs to, without using it: whose, and the staff member acting. */
  async sessionOf(
    token: string | undefined,
  ): Promise<{ userId: number; actingStaffId: number | null; live: boolean } | null> {
    if (!token) return null;
    const row = await this.refreshTokens.find(sha256(token));
    if (!row) return null;
    return {
      userId: row.user_id,
      actingStaffId: row.acting_staff_id,
      live: row.revoked_ts === null && row.expires_ts > this.nowS(),
    };
  }

  /**
   * Who a page is drawn for (the page cookie, decision 0174), by the hash of a refresh token: a fresh
   * access token for a live session, null otherwise. Reads only: the token is neither used nor
   * rotated. A used but unrevoked token still counts, as its family is live (another tab refreshed,
   * or the cookie's replacement has not arrived yet); a replayed one revokes the family at refresh.
   */
  async viewerOf(tokenHash: string): Promise<PageViewer | null> {
    const row = await this.refreshTokens.find(tokenHash);
    if (!row || row.revoked_ts !== null || row.expires_ts <= this.nowS()) return null;
    const user = await this.users.findById(row.user_id);
    if (!user || user.blocked || !(await this.actingStaffMay(row.acting_staff_id))) return null;
    return {
      userId: row.user_id,
      actingStaffId: row.acting_staff_id,
      token: await this.signer.issue(row.user_id, row.acting_staff_id),
    };
  }

  /** A customer's session lives only while the member acting in it may still open one. */
  private async actingStaffMay(staffId: number | null): Promise<boolean> {
    if (staffId === null) return true;
    const staff = await this.users.findById(staffId);
    return (
      !!staff &&
      !staff.blocked &&
      mayUseOperatorTool({ admin: staff.admin === 1, adminGroup: staff.admin_group }, 'customerSession')
    );
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const row = await this.refreshTokens.find(sha256(token));
    if (row) await this.refreshTokens.revokeFamily(row.family_id, this.nowS());
  }

  private async issue(
    userId: number,
    familyId: string,
    actingStaffId: number | null = null,
  ): Promise<IssuedSession> {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = this.nowS();
    const refreshExpiresTs = now + this.refreshTtlS;
    await this.refreshTokens.insert({
      token_hash: sha256(refreshToken),
      user_id: userId,
      family_id: familyId,
      created_ts: now,
      expires_ts: refreshExpiresTs,
      used_ts: null,
      revoked_ts: null,
      acting_staff_id: actingStaffId,
    });
    return { userId, refreshToken, refreshExpiresTs, ...(await this.signer.issue(userId, actingStaffId)) };
  }
}

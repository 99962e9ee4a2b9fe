import { authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { PreferencesService } from '../preferences/index.js';
import type { UserRepository } from '../users/index.js';
import type { AccessService } from '../../http/access/index.js';
import { AccessTokenSigner } from './accessToken.js';
import { LoginRateLimiter } from './loginRateLimiter.js';
import { PageCookie } from './pageCookie.js';
import { RefreshTokenRepository } from './refreshToken.repository.js';
import { SessionService, type PageViewer } from './session.service.js';
import { SessionInfoService } from './sessionInfo.service.js';
import { refreshCookies, sessionRoutes } from './sessions.routes.js';

export { REFRESH_COOKIE, STAFF_REFRESH_COOKIE } from './sessions.routes.js';
export { PAGE_COOKIE } from './pageCookie.js';
export type { IssuedSession, PageViewer } from './session.service.js';
export type { AccessTokenSigner } from './accessToken.js';
export { hashPassword, verifyPassword } from './passwordHash.js';

/**
 * Login, refresh-token rotation, logout and session info. Exports the bearer check every other
 * feature's routes use (`authenticate`), the token verification of the WebSocket gateway and who a
 * page's GET is drawn for (`pageViewer`, the page cookie).
 */
export function sessionsFeature(
  kernel: Kernel,
  deps: { users: UserRepository; access: AccessService; preferences: PreferencesService },
) {
  const { config, nowS } = kernel;
  const signer = new AccessTokenSigner(config.jwtSecret, config.accessTokenTtlS, nowS);
  const refreshTokens = new RefreshTokenRepository(kernel.store.db);
  const sessions = new SessionService(
    deps.users,
    refreshTokens,
    signer,
    new LoginRateLimiter(nowS),
    config.refreshTokenTtlS,
    nowS,
  );
  const page = new PageCookie(config.jwtSecret);
  const authenticateCaller = authenticate({ signer, access: deps.access });
  return defineFeature({
    name: 'sessions',
    routes: sessionRoutes({
      config,
      nowS,
      page,
      sessions,
      sessionInfo: new SessionInfoService(deps.users, deps.access, deps.preferences),
      authenticate: authenticateCaller,
    }),
    jobs: [
      {
        // Expired refresh tokens can never be used again; revoked families are kept until they expire
        // so that a replayed token is still recognised as reuse.
        name: 'purge-expired-refresh-tokens',
        everyMs: 60 * 60_000,
        run: async () => {
          await refreshTokens.deleteExpired(nowS());
        },
      },
    ],
    exports: {
      authenticate: authenticateCaller,
      signer,
      /**
       * Who a page's GET is drawn for, by the page cookie's value (decision 0174): the user, the staff
       * member acting in a customer's session, and a fresh access token; null for no live session.
       */
      pageViewer: async (cookieValue: string | undefined): Promise<PageViewer | null> => {
        const hash = page.hashOf(cookieValue);
        return hash === null ? null : sessions.viewerOf(hash);
      },
      revokeSessions: async (userId: number) => {
        await refreshTokens.revokeUser(userId, nowS());
      },
      /** The customer's session a staff member opens (loginAdmin, the staff feature; decision 0099). */
      customerSessions: {
        open: (customerId: number, staffId: number) => sessions.openActing(customerId, staffId),
        sessionOf: (token: string | undefined) => sessions.sessionOf(token),
        refresh: (token: string | undefined) => sessions.refresh(token),
        end: (token: string | undefined) => sessions.logout(token),
        cookies: refreshCookies({ config, nowS, page }),
      },
    },
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionEndpoints } from '@emberwatch/shared/contracts/session';
import type { Config } from '../../config.js';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import { LoginThrottledError } from './loginThrottledError.js';
import { PAGE_COOKIE, type PageCookie } from './pageCookie.js';
import type { IssuedSession, SessionService } from './session.service.js';
import type { SessionInfoService } from './sessionInfo.service.js';

export const REFRESH_COOKIE = 'ew_refresh';
/**
 * While a staff member is in a customer's session (loginAdmin, decision 0099), the member's own
 * refresh token waits here; ending the customer's session puts it back, logging out ends both.
 */
export const STAFF_REFRESH_COOKIE = 'ew_staff_refresh';

/**
 * The session cookies: httpOnly, same-site only, sent to the session calls under /admin only. The
 * session cookie carries the page cookie with it (set from the same token, cleared with it), so every
 * flow that changes whose session the browser holds changes whose pages it is shown; the staff
 * member's waiting token gets none.
 */
export function refreshCookies(ctx: { config: Pick<Config, 'env'>; nowS: () => number; page: PageCookie }) {
  const secure = ctx.config.env === 'production';
  return {
    set(reply: FastifyReply, name: string, token: string, expiresTs: number): void {
      const maxAge = Math.max(0, expiresTs - ctx.nowS());
      reply.setCookie(name, token, { httpOnly: true, sameSite: 'strict', secure, path: '/admin', maxAge });
      // Lax, on every path: a page opened from a link elsewhere (an e-mail, an SMS) is drawn for its
      // user too. It is good for reading only, and a page's GET changes nothing.
      if (name === REFRESH_COOKIE)
        reply.setCookie(PAGE_COOKIE, ctx.page.valueFor(token), {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/',
          maxAge,
        });
    },
    clear(reply: FastifyReply, name: string): void {
      reply.clearCookie(name, { path: '/admin', httpOnly: true, sameSite: 'strict', secure });
      if (name === REFRESH_COOKIE)
        reply.clearCookie(PAGE_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
  };
}

export interface SessionRouteDeps {
  config: Pick<Config, 'env'>;
  nowS: () => number;
  page: PageCookie;
  sessions: SessionService;
  sessionInfo: SessionInfoService;
  authenticate: Authenticate;
}

export function sessionRoutes(ctx: SessionRouteDeps) {
  const cookies = refreshCookies(ctx);

  function setRefreshCookie(reply: FastifyReply, s: IssuedSession): void {
    cookies.set(reply, REFRESH_COOKIE, s.refreshToken, s.refreshExpiresTs);
  }

  function clearRefreshCookie(reply: FastifyReply): void {
    cookies.clear(reply, REFRESH_COOKIE);
  }

  return (app: FastifyInstance): void => {
    const { login, refreshToken, logout, auth, getSessionInfo } = sessionEndpoints;

    // Credentials travel in the body only: a URL ends up in logs and browser history.
    route(app, login, {
      invalid: (error) => ApiError.invalid(error.issues[0]?.message ?? 'Username and password are required.'),
    }).handle(async (req, reply) => {
      let s: IssuedSession;
      try {
        s = await ctx.sessions.login(req.body.username, req.body.password, req.ip);
      } catch (err) {
        // RFC 9110: how long to wait, in seconds; the web app tells the user.
        if (err instanceof LoginThrottledError) reply.header('retry-after', String(err.retryAfterS));
        throw err;
      }
      setRefreshCookie(reply, s);
      return {
        status_code: 0,
        accessToken: s.accessToken,
        accessTokenExpiry: s.accessTokenExpiry,
        UID: s.userId,
      };
    });

    route(app, refreshToken).handle(async (req, reply) => {
      const token = req.cookies[REFRESH_COOKIE];
      // Every first visit asks; a browser without a session cookie simply has no session, which is
      // an answer, not an error (a 401 here was logged in every new visitor's console).
      if (!token) return { status_code: 0, accessToken: null, accessTokenExpiry: null };
      try {
        const s = await ctx.sessions.refresh(token);
        setRefreshCookie(reply, s);
        return { status_code: 0, accessToken: s.accessToken, accessTokenExpiry: s.accessTokenExpiry };
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    });

    route(app, logout).handle(async (req, reply) => {
      await ctx.sessions.logout(req.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      // Logging out of a customer's session logs the staff member out too: nobody stays logged in.
      if (req.cookies[STAFF_REFRESH_COOKIE]) {
        await ctx.sessions.logout(req.cookies[STAFF_REFRESH_COOKIE]);
        cookies.clear(reply, STAFF_REFRESH_COOKIE);
      }
      return { status_code: 0 };
    });

    route(app, auth, { preValidation: ctx.authenticate }).handle((req) => ({
      status_code: 0,
      UID: actorOf(req).user.id,
    }));

    route(app, getSessionInfo, { preValidation: ctx.authenticate }).handle((req) =>
      ctx.sessionInfo.info(actorOf(req)),
    );
  };
}

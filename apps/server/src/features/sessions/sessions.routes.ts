import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginRequestSchema, type RefreshResponse } from '@emberwatch/shared';
import type { AppContext } from '../../AppContext.js';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, authenticate } from '../../http/authenticate.js';
import { presentSessionInfo } from '../users/user.presenter.js';
import { LoginThrottledError } from './loginThrottledError.js';
import type { IssuedSession } from './session.service.js';

export const REFRESH_COOKIE = 'ew_refresh';

export function sessionRoutes(ctx: AppContext) {
  const secure = ctx.config.env === 'production';

  function setRefreshCookie(reply: FastifyReply, s: IssuedSession): void {
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/admin',
      maxAge: Math.max(0, s.refreshExpiresTs - ctx.nowS()),
    });
  }

  function clearRefreshCookie(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_COOKIE, { path: '/admin', httpOnly: true, sameSite: 'strict', secure });
  }

  return (app: FastifyInstance): void => {
    // Credentials travel in the body only: a URL ends up in logs and browser history.
    app.post('/admin/login', async (req, reply) => {
      const parsed = loginRequestSchema.safeParse(req.body);
      if (!parsed.success)
        throw ApiError.invalid(parsed.error.issues[0]?.message ?? 'Username and password are required.');
      let s: IssuedSession;
      try {
        s = await ctx.sessions.login(parsed.data.username, parsed.data.password, req.ip);
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

    app.post('/admin/refreshToken', async (req: FastifyRequest, reply): Promise<RefreshResponse> => {
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

    app.post('/admin/logout', async (req, reply) => {
      await ctx.sessions.logout(req.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return { status_code: 0 };
    });

    app.get('/auth', { preHandler: authenticate(ctx) }, (req) => ({
      status_code: 0,
      UID: actorOf(req).user.id,
    }));

    app.get('/client/getSessionInfo', { preHandler: authenticate(ctx) }, async (req) => {
      const actor = actorOf(req);
      const accounts = await ctx.users.findManyByIds(actor.accountIds);
      const ordered = [actor.user, ...accounts.filter((a) => a.id !== actor.user.id)];
      return presentSessionInfo({
        user: actor.user,
        accounts: ordered,
        bsIds: await ctx.access.visibleStationIds(actor),
        prefs: await ctx.preferences.get(actor.user.id),
      });
    });
  };
}

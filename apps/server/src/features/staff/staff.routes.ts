import type { FastifyInstance, FastifyReply } from 'fastify';
import { staffEndpoints } from '@emberwatch/shared/contracts/staff';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import { REFRESH_COOKIE, STAFF_REFRESH_COOKIE } from '../sessions/index.js';
import type { CustomerSessionService } from './customerSession.service.js';
import type { StaffService } from './staff.service.js';

export interface SessionCookies {
  set(reply: FastifyReply, name: string, token: string, expiresTs: number): void;
  clear(reply: FastifyReply, name: string): void;
}

/** The staff calls and the customer's session (decision 0099). */
export function staffRoutes(ctx: {
  authenticate: Authenticate;
  staff: StaffService;
  customerSessions: CustomerSessionService;
  cookies: SessionCookies;
  refreshTtlS: number;
  nowS: () => number;
}) {
  const { staff, customerSessions, cookies } = ctx;
  return (app: FastifyInstance): void => {
    // Ending a customer's session goes by the cookies, like logout: its access token may be gone.
    route(app, staffEndpoints.endCustomerSession).handle(async (req, reply) => {
      const { ended, own } = await customerSessions.end(
        req.cookies[REFRESH_COOKIE],
        req.cookies[STAFF_REFRESH_COOKIE],
      );
      // An ordinary session is left as it is; a staff cookie without a customer's session is stale.
      if (!ended) {
        if (req.cookies[STAFF_REFRESH_COOKIE]) cookies.clear(reply, STAFF_REFRESH_COOKIE);
        return { status_code: 0, returned: false };
      }
      cookies.clear(reply, STAFF_REFRESH_COOKIE);
      if (own) cookies.set(reply, REFRESH_COOKIE, own.refreshToken, own.refreshExpiresTs);
      else cookies.clear(reply, REFRESH_COOKIE);
      return { status_code: 0, returned: own !== null };
    });

    void app.register((api, _opts, next) => {
      api.addHook('preValidation', ctx.authenticate);
      route(api, staffEndpoints.adminUsers).handle(async (req) => ({
        status_code: 0,
        users: await staff.list(actorOf(req)),
      }));
      route(api, staffEndpoints.setAdminUserGroup).handle(async (req) => ({
        status_code: 0,
        user: await staff.setLevel(actorOf(req), req.body),
      }));
      route(api, staffEndpoints.addAdminUser).handle(async (req) => ({
        status_code: 0,
        user: await staff.add(actorOf(req), req.body),
      }));
      route(api, staffEndpoints.removeAdminUser).handle(async (req) => ({
        status_code: 0,
        user: await staff.remove(actorOf(req), req.body.UID),
      }));
      route(api, staffEndpoints.loginAdmin).handle(async (req, reply) => {
        const s = await customerSessions.open(actorOf(req), req.query.UID);
        // The member's own session waits aside (httpOnly, like the session cookie) until the end.
        const own = req.cookies[REFRESH_COOKIE];
        if (own && !req.cookies[STAFF_REFRESH_COOKIE])
          cookies.set(reply, STAFF_REFRESH_COOKIE, own, ctx.nowS() + ctx.refreshTtlS);
        cookies.set(reply, REFRESH_COOKIE, s.refreshToken, s.refreshExpiresTs);
        return {
          status_code: 0,
          UID: s.userId,
          accessToken: s.accessToken,
          accessTokenExpiry: s.accessTokenExpiry,
        };
      });
      next();
    });
  };
}

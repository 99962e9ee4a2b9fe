import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountEndpoints } from '@emberwatch/shared/contracts/account';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import type { Actor } from '../../http/access/index.js';
import { route } from '../../http/route.js';
import type { PasswordService } from './password.service.js';
import type { PhoneService } from './phone.service.js';
import type { ProfileService } from './profile.service.js';
import type { RecoveryService } from './recovery.service.js';
import type { SubUserService } from './subUsers.service.js';
import { ThrottledError } from './throttledError.js';

export interface AccountRouteDeps {
  authenticate: Authenticate;
  profiles: ProfileService;
  passwords: PasswordService;
  subUsers: SubUserService;
  phones: PhoneService;
  recovery: RecoveryService;
  /** Saves the caller's newsSeenDate (the notifications feature's). */
  newsSeen: (actor: Actor, date: number) => Promise<void>;
}

/** RFC 9110: a throttled call says how long to wait, in seconds. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterS));
    throw err;
  }
}

export function accountRoutes(ctx: AccountRouteDeps) {
  return (app: FastifyInstance): void => {
    void app.register(recoveryRoutes(ctx));
    void app.register(userRoutes(ctx));
  };
}

/** Forgotten password and username: public, before any login. */
function recoveryRoutes(ctx: AccountRouteDeps) {
  return (app: FastifyInstance): void => {
    const e = accountEndpoints;

    route(app, e.getPasswordCodeByUsername).handle(async (req, reply) => {
      await withRetryAfter(reply, () => ctx.recovery.sendPasswordCode(req.query.username, req.ip));
      return { status_code: 0 };
    });

    route(app, e.resetPassword).handle(async (req, reply) => {
      await withRetryAfter(reply, () => ctx.recovery.resetPassword(req.body, req.ip));
      return { status_code: 0 };
    });

    route(app, e.getUsernameEmail).handle(async (req, reply) => {
      await withRetryAfter(reply, () => ctx.recovery.sendUsernamesByEmail(req.query.email, req.ip));
      return { status_code: 0 };
    });
    route(app, e.getUsernameSMS).handle(async (req, reply) => {
      await withRetryAfter(reply, () => ctx.recovery.sendUsernames(req.query.phone, req.ip));
      return { status_code: 0 };
    });
  };
}

/** The logged-in user's account calls. */
function userRoutes(ctx: AccountRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const e = accountEndpoints;

    route(app, e.accountInfo).handle(async (req) => ({
      status_code: 0,
      account: await ctx.profiles.accountInfo(actorOf(req), req.query.UID),
    }));

    route(app, e.updateUserProfile).handle(async (req) => {
      const actor = actorOf(req);
      const { newsSeenDate, ...profile } = req.body;
      // Spec doc 1 §7: the news dialog's close sends only newsSeenDate, the caller's own mark, which
      // a sub-user may save too; profile fields need the right to change the account.
      if (newsSeenDate !== undefined) await ctx.newsSeen(actor, newsSeenDate);
      const changesProfile = Object.keys(profile).some((k) => k !== 'UID');
      return {
        status_code: 0,
        account: changesProfile
          ? await ctx.profiles.updateProfile(actor, profile)
          : await ctx.profiles.accountInfo(actor, profile.UID),
      };
    });

    route(app, e.changeUserPassword).handle(async (req, reply) => {
      await withRetryAfter(reply, () => ctx.passwords.change(actorOf(req), req.body));
      return { status_code: 0 };
    });

    route(app, e.checkUsername).handle(async (req) => ({
      status_code: 0,
      ...(await ctx.subUsers.checkUsername(actorOf(req), req.body)),
    }));

    route(app, e.addNewUser).handle(async (req) => ({
      status_code: 0,
      subUser: await ctx.subUsers.add(actorOf(req), req.body.UID, req.body.new_user),
    }));

    route(app, e.updateSubUser).handle(async (req) => ({
      status_code: 0,
      subUser: await ctx.subUsers.update(actorOf(req), req.body.UID, req.body.subUserID, req.body.user),
    }));

    route(app, e.deleteSubUser).handle(async (req) => {
      await ctx.subUsers.remove(actorOf(req), req.body.mainUserID, req.body.subUserID);
      return { status_code: 0 };
    });

    route(app, e.changeUserPhone).handle(async (req, reply) => ({
      status_code: 0,
      ...(await withRetryAfter(reply, () => ctx.phones.sendCode(actorOf(req), req.body))),
    }));

    route(app, e.confirmMobile).handle(async (req) => ({
      status_code: 0,
      ...(await ctx.phones.confirm(actorOf(req), req.body)),
    }));

    route(app, e.getMasterUserInfo).handle(async (req) => ({
      status_code: 0,
      master: await ctx.profiles.masterInfo(actorOf(req)),
    }));

    route(app, e.getSMSData).handle(async (req) => ({
      status_code: 0,
      results: await ctx.phones.sentCodes(actorOf(req), req.query),
    }));
  };
}

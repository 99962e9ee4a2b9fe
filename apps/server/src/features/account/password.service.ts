import {
  PASSWORD_MIN,
  PASSWORD_STATUS,
  type ChangePasswordRequest,
} from '@emberwatch/shared/contracts/account';
import { auditChanged } from '../../http/audit.js';
import { ApiError } from '../../http/ApiError.js';
import type { UserRow } from '../users/index.js';
import { enforce, whoAmI, type Actor } from '../../http/access/index.js';
import type { AccountRepository } from './account.repository.js';
import { mayChangePasswordOf, mayHavePasswordSetByStaff, maySetAnothersPassword } from './account.policy.js';
import { AttemptLimiter } from './attemptLimiter.js';
import { loginEnabledOf } from './subUserLogin.js';
import { ThrottledError } from './throttledError.js';

/** Wrong old passwords a user may give in a quarter of an hour before the check pauses. */
export const OLD_PASSWORD_TRIES = 5;
export const OLD_PASSWORD_WINDOW_S = 15 * 60;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/**
 * POST /client/changeUserPassword (spec doc 2 §5, §8): the caller's own password with the old one;
 * an admin sets a customer's with UID and username (both must name the same user) and no old one.
 * Wrong old passwords are counted like logins: otherwise a stolen access token would be a way to
 * guess the password behind it.
 */
export class PasswordService {
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly repo: AccountRepository,
    private readonly hashing: PasswordHashing,
    private readonly revokeSessions: (userId: number) => Promise<void>,
    nowS: () => number,
  ) {
    this.limiter = new AttemptLimiter(nowS, OLD_PASSWORD_TRIES, OLD_PASSWORD_WINDOW_S);
  }

  async change(actor: Actor, body: ChangePasswordRequest): Promise<void> {
    const own = body.UID === undefined || body.UID === actor.user.id;
    const target = own ? actor.user : await this.customer(actor, body);
    enforce(mayChangePasswordOf({ demo: target.demo === 1 }));
    if (body.newPassword === '' || (own && !body.oldPassword))
      throw new ApiError(400, 'Both the old and the new password are required.', PASSWORD_STATUS.missing);
    if (body.newPassword.length < PASSWORD_MIN)
      throw ApiError.invalid('Password is quite short', 'newPassword');

    if (own) {
      const key = String(target.id);
      const wait = this.limiter.wait(key);
      if (wait > 0)
        throw new ThrottledError(
          wait,
          'Too many wrong passwords. Please try again later.',
          PASSWORD_STATUS.tooManyAttempts,
        );
      if (!(await this.hashing.verify(target.password_hash, body.oldPassword ?? ''))) {
        this.limiter.fail(key);
        throw new ApiError(400, 'The old password is incorrect.', PASSWORD_STATUS.oldIncorrect);
      }
      this.limiter.forget(key);
    }
    await this.repo.setPasswordHash(target.id, await this.hashing.hash(body.newPassword));
    // Someone else set it: whoever was logged in with the old one is logged out.
    if (!own) {
      await this.revokeSessions(target.id);
      // The trail says whose was set, never to what.
      auditChanged(`password of ${target.username}`, null, { set: true, sessionsEnded: true });
    }
  }

  private async customer(actor: Actor, body: ChangePasswordRequest): Promise<UserRow> {
    enforce(maySetAnothersPassword(whoAmI(actor)));
    const target = await this.repo.findUser(body.UID as number);
    if (!target) throw ApiError.notFound('No such user.');
    if (body.username !== target.username)
      throw ApiError.invalid('UID and username do not name the same user.', 'username');
    enforce(mayHavePasswordSetByStaff({ admin: target.admin === 1 }));
    if (!loginEnabledOf(target)) throw ApiError.invalid('This user has no login.', 'UID');
    return target;
  }
}

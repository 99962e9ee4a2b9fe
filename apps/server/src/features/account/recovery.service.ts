import { ApiError } from '../../http/ApiError.js';
import { PHONE_STATUS } from '@emberwatch/shared/contracts/account';
import type { AccountRepository } from './account.repository.js';
import { AttemptLimiter } from './attemptLimiter.js';
import { recipientLanguage, type MessageTexts } from '../translations/index.js';
import type { CodeSender } from './codeSender.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_S, codeHash, newCode, nextWindow, sameHash, sendWait } from './codes.js';
import type { PasswordHashing } from './password.service.js';
import { loginEnabledOf } from './subUserLogin.js';
import { ThrottledError } from './throttledError.js';

/** Code requests one address may make in an hour, and requests for one username or number. */
export const RECOVERY_REQUESTS_PER_ADDRESS = 20;
export const RECOVERY_REQUESTS_PER_TARGET = 5;
/** Reset attempts (right or wrong) one address may make in an hour. */
export const RESETS_PER_ADDRESS = 30;
const HOUR_S = 3600;

const wrongCode = () =>
  new ApiError(400, 'The code is wrong or has expired.', PHONE_STATUS.wrongCode, 'code');

/**
 * Forgotten password and username (spec doc 1 §7: getPasswordCodeByUsername, resetPassword,
 * getUsernameSMS). Public calls, so every answer is the same whether an account matches or not, and
 * every limit applies to names and numbers that exist and that do not: a refusal, or its absence,
 * never tells who has an account. Codes go only to a phone confirmed by code (an unconfirmed number
 * could be anyone's), through the same sender and codes table as the phone confirmation.
 */
export class RecoveryService {
  private readonly perAddress: AttemptLimiter;
  private readonly perTarget: AttemptLimiter;
  private readonly resetsPerAddress: AttemptLimiter;

  constructor(
    private readonly repo: AccountRepository,
    private readonly sender: CodeSender,
    private readonly hashing: PasswordHashing,
    private readonly revokeSessions: (userId: number) => Promise<void>,
    private readonly codeKey: string,
    private readonly nowS: () => number,
    /** The texts of the codes and usernames, in the recipient's language (serverCodes; decision 0107). */
    private readonly words: MessageTexts,
  ) {
    this.perAddress = new AttemptLimiter(nowS, RECOVERY_REQUESTS_PER_ADDRESS, HOUR_S);
    this.perTarget = new AttemptLimiter(nowS, RECOVERY_REQUESTS_PER_TARGET, HOUR_S);
    this.resetsPerAddress = new AttemptLimiter(nowS, RESETS_PER_ADDRESS, HOUR_S);
  }

  /**
   * GET /client/getPasswordCodeByUsername: a code to the login's confirmed phone; to its e-mail address
   * when it has no confirmed phone (decision 0036). An unconfirmed number is never used: it could be
   * anyone's; an e-mail address is the account's own contact, which the delivery feature already mails.
   */
  async sendPasswordCode(username: string, address: string): Promise<void> {
    this.pace(address, `u:${username.toLowerCase()}`);
    const user = await this.repo.findUserByUsername(username);
    if (!user || !loginEnabledOf(user) || user.demo === 1 || user.blocked === 1) return;
    const phoneConfirmed = user.phone !== null && (await this.repo.confirmedPhoneOf(user.id)) === user.phone;
    const to = phoneConfirmed ? user.phone : user.email?.trim() || null;
    if (!to) return;
    const now = this.nowS();
    const last = await this.repo.findCode(user.id, 'password');
    // A code sent a moment ago is still on its way and still valid: no second one, and no sign of it.
    if (sendWait(last, now) > 0) return;
    const code = newCode();
    await this.repo.saveCode({
      user_id: user.id,
      purpose: 'password',
      // Where the code went: the number or the address (the code's hash binds it to that place).
      phone_number: to,
      old_phone: null,
      code_hash: codeHash(this.codeKey, { userId: user.id, purpose: 'password', phone: to, code }),
      expires_ts: now + CODE_TTL_S,
      attempts: 0,
      sent_ts: now,
      ...nextWindow(last, now),
    });
    const [t, language] = await this.wording(user);
    const text = t.text(language, 'serverCodes.password.sms', { code });
    await this.sender.send(
      phoneConfirmed
        ? { userId: user.id, to, purpose: 'password', text }
        : {
            userId: user.id,
            to,
            purpose: 'password',
            channel: 'email',
            subject: t.text(language, 'serverCodes.password.subject'),
            text: `${text}\n\n${t.text(language, 'serverCodes.password.ignore')}`,
          },
    );
  }

  /** POST /client/resetPassword: the code sets the new password once, and ends every session. */
  async resetPassword(
    body: { username: string; code: string; newPassword: string },
    address: string,
  ): Promise<void> {
    const wait = this.resetsPerAddress.wait(address);
    if (wait > 0) throw new ThrottledError(wait, 'Too many attempts. Please try again later.');
    this.resetsPerAddress.fail(address);
    const user = await this.repo.findUserByUsername(body.username);
    const pending = user ? await this.repo.findCode(user.id, 'password') : undefined;
    if (!user || !pending || pending.expires_ts <= this.nowS()) throw wrongCode();
    const attempts = await this.repo.countAttempt(user.id, 'password');
    if (attempts === undefined) throw wrongCode();
    if (attempts > CODE_MAX_ATTEMPTS) {
      await this.repo.deleteCode(user.id, 'password');
      throw wrongCode();
    }
    const hash = codeHash(this.codeKey, {
      userId: user.id,
      purpose: 'password',
      phone: pending.phone_number,
      code: body.code,
    });
    if (!sameHash(hash, pending.code_hash)) throw wrongCode();
    if (!(await this.repo.takeCode(user.id, 'password', pending.code_hash))) throw wrongCode();
    await this.repo.setPasswordHash(user.id, await this.hashing.hash(body.newPassword));
    await this.revokeSessions(user.id);
  }

  /** GET /client/getUsernameSMS: the logins whose confirmed phone this is, sent to that phone. */
  async sendUsernames(phone: string, address: string): Promise<void> {
    this.pace(address, `p:${phone}`);
    const users = (await this.repo.usersWithConfirmedPhone(phone)).filter(
      (u) => loginEnabledOf(u) && u.blocked === 0,
    );
    const first = users[0];
    if (!first) return;
    // Several logins on one phone: worded in the first's language (the same person, as a rule).
    const [t, language] = await this.wording(first);
    await this.sender.send({
      userId: first.id,
      to: phone,
      purpose: 'username',
      text: t.text(language, 'serverCodes.username.sms', { usernames: usernamesOf(users) }),
    });
  }

  /**
   * GET /client/getUsernameEmail: the logins of the accounts with this e-mail address, mailed to it —
   * for whoever has no confirmed phone (decision 0036, addendum). Sub-users with a login of their own
   * are found by their own address.
   */
  async sendUsernamesByEmail(email: string, address: string): Promise<void> {
    this.pace(address, `e:${email.toLowerCase()}`);
    const users = (await this.repo.usersWithEmail(email)).filter(
      (u) => loginEnabledOf(u) && u.blocked === 0 && u.demo !== 1,
    );
    const first = users[0];
    if (!first) return;
    const [t, language] = await this.wording(first);
    await this.sender.send({
      userId: first.id,
      to: first.email?.trim() || email,
      purpose: 'username',
      channel: 'email',
      subject: t.text(language, 'serverCodes.username.subject'),
      text:
        `${t.text(language, 'serverCodes.username.email', { usernames: usernamesOf(users) })}\n\n` +
        t.text(language, 'serverCodes.username.ignore'),
    });
  }

  /** The texts as they are now and the recipient's language. */
  private async wording(user: { id: number; language: string }) {
    return Promise.all([this.words.serverTexts.texts(), recipientLanguage(this.words.preferences, user)]);
  }

  /** Counts the request against the address and the name or number, refusing once either is spent. */
  private pace(address: string, target: string): void {
    const wait = Math.max(this.perAddress.wait(address), this.perTarget.wait(target));
    if (wait > 0) throw new ThrottledError(wait, 'Too many requests. Please try again later.');
    this.perAddress.fail(address);
    this.perTarget.fail(target);
  }
}

const usernamesOf = (users: { username: string }[]) => users.map((u) => u.username).join(', ');

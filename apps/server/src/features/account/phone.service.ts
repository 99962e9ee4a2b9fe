import { normalizePhone, PHONE_STATUS, type SentCode } from '@emberwatch/shared/contracts/account';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import type { AccountRepository } from './account.repository.js';
import {
  mayConfirmAnothersPhone,
  mayEditAccount,
  maySendPhoneCode,
  waitsBetweenPhoneCodes,
} from './account.policy.js';
import { recipientLanguage, type MessageTexts } from '../translations/index.js';
import type { CodeSender } from './codeSender.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_S, codeHash, newCode, nextWindow, sameHash, sendWait } from './codes.js';
import { ThrottledError } from './throttledError.js';

const wrongCode = (message = 'Confirmation code is wrong') =>
  new ApiError(400, message, PHONE_STATUS.wrongCode, 'code');
const alreadyConfirmed = (path: string) =>
  new ApiError(409, 'This phone number has been confirmed', PHONE_STATUS.alreadyConfirmed, path);

/**
 * Adding or changing the account's phone (spec doc 2 §2.8 "two steps: number, then 4-digit SMS code",
 * §4 "Phone", §8 "Phone confirmation"). The number becomes the account's only once its code comes back:
 * until then it waits beside the code, and the old number stays.
 */
export class PhoneService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly access: AccessService,
    private readonly sender: CodeSender,
    /** The key of the codes' hashes (the server's secret). */
    private readonly codeKey: string,
    private readonly nowS: () => number,
    /** The code's text, in the account's language (serverCodes; decision 0107). */
    private readonly words: MessageTexts,
  ) {}

  /** POST /client/changeUserPhone: a new code to the new number; the same call sends it again. */
  async sendCode(
    actor: Actor,
    body: { UID?: number | undefined; oldPhone?: string | null | undefined; newPhone: string },
  ): Promise<{ phone: string; resent: boolean }> {
    enforce(maySendPhoneCode(whoAmI(actor)));
    const { account, who } = await this.editable(actor, body.UID);
    const phone = body.newPhone;
    if (account.phone === phone && (await this.repo.confirmedPhoneOf(account.id)) === phone)
      throw alreadyConfirmed('newPhone');
    if (body.oldPhone && normalizePhone(body.oldPhone) !== (account.phone ?? ''))
      throw ApiError.invalid('oldPhone is not the phone of this account.', 'oldPhone');

    const now = this.nowS();
    const last = await this.repo.findCode(account.id, 'phone');
    const wait = waitsBetweenPhoneCodes(who) ? sendWait(last, now) : 0;
    if (wait > 0)
      throw new ThrottledError(wait, 'A code was sent a moment ago. Please wait before asking again.');

    const code = newCode();
    await this.repo.saveCode({
      user_id: account.id,
      purpose: 'phone',
      phone_number: phone,
      old_phone: account.phone,
      code_hash: codeHash(this.codeKey, { userId: account.id, purpose: 'phone', phone, code }),
      expires_ts: now + CODE_TTL_S,
      attempts: 0,
      sent_ts: now,
      ...nextWindow(last, now),
    });
    const [t, language] = await Promise.all([
      this.words.serverTexts.texts(),
      recipientLanguage(this.words.preferences, account),
    ]);
    await this.sender.send({
      userId: account.id,
      to: phone,
      purpose: 'phone',
      text: t.text(language, 'serverCodes.phone.sms', { code }),
    });
    return { phone, resent: last?.phone_number === phone };
  }

  /** POST /admin/confirmMobile: the code confirms the waiting number (status 2 wrong, 13 already confirmed). */
  async confirm(
    actor: Actor,
    body: { code: string; username?: string | undefined; UID?: number | undefined },
  ): Promise<{ phone: string }> {
    const { account } = await this.editable(actor, await this.uidOf(actor, body));
    const now = this.nowS();
    const pending = await this.repo.findCode(account.id, 'phone');
    if (!pending?.phone_number) return this.noCode(account.id, account.phone);
    if (pending.expires_ts <= now) {
      await this.repo.deleteCode(account.id, 'phone');
      throw wrongCode('The code has expired. Please ask for a new one.');
    }
    const attempts = await this.repo.countAttempt(account.id, 'phone');
    if (attempts === undefined) return this.noCode(account.id, account.phone);
    if (attempts > CODE_MAX_ATTEMPTS) {
      await this.repo.deleteCode(account.id, 'phone');
      throw wrongCode('Too many wrong codes. Please ask for a new one.');
    }
    const hash = codeHash(this.codeKey, {
      userId: account.id,
      purpose: 'phone',
      phone: pending.phone_number,
      code: body.code,
    });
    if (!sameHash(hash, pending.code_hash)) throw wrongCode();
    if (!(await this.repo.confirmPhone(account.id, pending.code_hash, pending.phone_number, now)))
      return this.noCode(account.id, account.phone);
    return { phone: pending.phone_number };
  }

  /** GET /admin/getSMSData: what the stand-in sender recorded, for admins (and so the demo). */
  async sentCodes(actor: Actor, q: { limit: number; to?: string | undefined }): Promise<SentCode[]> {
    assertOperator(actor, 'sentCodes');
    const rows = await this.repo.listSent(
      q.limit,
      q.to === undefined ? undefined : normalizePhone(q.to),
      this.nowS() - CODE_TTL_S,
    );
    return rows.map((r) => ({
      id: r.id,
      to: r.recipient,
      purpose: r.purpose,
      text: r.text,
      ts: r.created_ts,
    }));
  }

  /** The account whose phone changes: its owner's, or staff's for a customer (account.policy.ts). */
  private async editable(actor: Actor, uid: number | undefined) {
    const scope = await this.access.accountScope(actor, uid);
    enforce(mayEditAccount(scope.who));
    return scope;
  }

  /** No code waits: the number was confirmed already (a second tab, a double click), or none was sent. */
  private async noCode(accountId: number, phone: string | null): Promise<never> {
    const confirmed = await this.repo.confirmedPhoneOf(accountId);
    if (phone !== null && confirmed === phone) throw alreadyConfirmed('code');
    throw wrongCode('No code is waiting. Please ask for one first.');
  }

  /** Spec doc 2 §7 "plus username for admin": an admin names the customer; others confirm their own. */
  private async uidOf(
    actor: Actor,
    body: { username?: string | undefined; UID?: number | undefined },
  ): Promise<number | undefined> {
    if (body.username === undefined || body.username === actor.user.username) return body.UID;
    enforce(mayConfirmAnothersPhone(whoAmI(actor)));
    const user = await this.repo.findUserByUsername(body.username);
    if (!user) throw ApiError.notFound('No such user.');
    if (body.UID !== undefined && body.UID !== user.id)
      throw ApiError.invalid('UID and username do not name the same user.', 'username');
    return user.id;
  }
}

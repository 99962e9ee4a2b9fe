import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_STATUS, SMS_CODE_LENGTH } from '@emberwatch/shared/contracts/account';
import type {
  ActivateMasterPhoneResponse,
  RegisterMasterUserInput,
  RegistrationStatus,
  SaveMasterUserInput,
} from '@emberwatch/shared/contracts/masterUsers';
import {
  afterSend,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_S,
  nextRegistrationState,
  REGISTRATION_TTL_S,
  registrationExpired,
  SEND_WINDOW_S,
  sendWait,
  SENDS_PER_WINDOW,
  type RegistrationEvent,
  type RegistrationProblem,
} from '@emberwatch/shared/domain/masterUsers/masterRegistration';
import { ApiError } from '../../http/ApiError.js';
import { enforce, whoAmI, type Actor } from '../../http/access/index.js';
import { sha256 } from '../../security/sha256.js';
import { AttemptLimiter } from '../account/index.js';
import type { ServerTextCatalog } from '../translations/index.js';
import { mayManageMasterAccount } from './masterUsers.policy.js';
import type { MasterUsersRepository, Registration } from './masterUsers.repository.js';

/** The delivery feature's sendCode: an SMS through the outbox (never sent from here). */
export type MasterCodeSender = (m: { userId: number | null; to: string; text: string }) => Promise<void>;
export interface MasterPasswords {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/** A refusal to send again so soon: 429, with the wait (the route puts it in Retry-After). */
export class MasterThrottledError extends ApiError {
  constructor(
    readonly retryAfterS: number,
    message: string,
  ) {
    super(429, message, 429);
  }
}

const wrongCode = (message = 'Confirmation code is wrong') =>
  new ApiError(400, message, PHONE_STATUS.wrongCode, 'code');
const alreadyConfirmed = () =>
  new ApiError(409, 'This phone number has been confirmed', PHONE_STATUS.alreadyConfirmed, 'code');
// An unknown secret and an expired registration read alike: nothing to probe.
const gone = () =>
  new ApiError(410, 'This registration has expired. Please start again.', 410, 'registration');
const usernameExists = () => new ApiError(409, 'username exists', 409, 'username');

const PROBLEMS: Record<RegistrationProblem, () => ApiError> = {
  expired: gone,
  noCode: () => wrongCode('No code is waiting. Please ask for one first.'),
  alreadyConfirmed,
  phoneUnconfirmed: () => new ApiError(409, 'Please confirm your phone number first.', 409, 'registration'),
};

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Registrations from one address: twenty an hour. Each costs a password hash and holds a username for
 * a day, so a script may not make thousands (an office of advisors behind one address still may).
 */
const REGISTRATIONS_PER_ADDRESS = 20;
const REGISTRATION_WINDOW_S = 3600;

/** Wrong passwords at removeMasterUser: five in 15 minutes, then a wait. */
const PASSWORD_TRIES = 5;
const PASSWORD_WINDOW_S = 15 * 60;

/**
 * Master users (advisors) on their own (spec doc 1 §2 /master, §7; doc 2 §6, §8, §9; decision 0104).
 * The registration walks registerMasterUser → activateMasterPhone → confirmMasterMobile →
 * finalizeMasterUser, each step checked by the pure `nextRegistrationState`; it is not a user until
 * finalised, and expires REGISTRATION_TTL_S after its start. Codes go out through the delivery
 * outbox, paced like the account's phone codes, and are kept as keyed hashes only.
 */
export class MasterUsersService {
  private readonly passwordTries: AttemptLimiter;
  private readonly registrationsFrom: AttemptLimiter;

  constructor(
    private readonly repo: MasterUsersRepository,
    private readonly passwords: MasterPasswords,
    private readonly sendCode: MasterCodeSender,
    private readonly revokeSessions: (userId: number) => Promise<void>,
    /** The key of the codes' hashes (the server's secret). */
    private readonly codeKey: string,
    private readonly nowS: () => number,
    /** The code's text (serverCodes; decision 0107), in the language the registration was made in. */
    private readonly serverTexts: Pick<ServerTextCatalog, 'texts'>,
  ) {
    this.passwordTries = new AttemptLimiter(nowS, PASSWORD_TRIES, PASSWORD_WINDOW_S);
    this.registrationsFrom = new AttemptLimiter(nowS, REGISTRATIONS_PER_ADDRESS, REGISTRATION_WINDOW_S);
  }

  // ---- the registration (public)

  async register(body: RegisterMasterUserInput, ip: string): Promise<RegistrationStatus> {
    const wait = this.registrationsFrom.wait(ip);
    if (wait > 0)
      throw new MasterThrottledError(
        wait,
        'Too many registrations from this address. Please try again later.',
      );
    const now = this.nowS();
    const liveSince = now - REGISTRATION_TTL_S;
    if (await this.repo.usernameTaken(body.username, liveSince)) throw usernameExists();
    await this.repo.dropExpiredHolder(body.username, liveSince);
    const token = randomBytes(32).toString('base64url');
    const row = {
      token_hash: sha256(token),
      username: body.username,
      password_hash: await this.passwords.hash(body.password),
      firstname: body.name,
      lastname: body.company ?? null,
      email: body.email,
      phone: body.phone,
      country: body.country ?? null,
      language: body.language,
      state: 'registered' as const,
      code_hash: null,
      code_expires_ts: null,
      code_attempts: 0,
      sent_ts: null,
      window_start_ts: null,
      sends_in_window: 0,
      started_ts: now,
    };
    try {
      await this.repo.insert(row);
    } catch (err) {
      // Two registrations of one username at once: the index lets one through.
      if (isUniqueViolation(err)) throw usernameExists();
      throw err;
    }
    this.registrationsFrom.fail(ip);
    return this.status(token, row);
  }

  /** A code to the registration's phone (or a corrected one); the same call sends it again. */
  async activatePhone(body: {
    registration: string;
    phone?: string | undefined;
  }): Promise<ActivateMasterPhoneResponse> {
    const now = this.nowS();
    const reg = await this.live(body.registration, 'sendCode');
    const phone = body.phone ?? reg.phone;
    const pacing = {
      sentTs: reg.sent_ts,
      windowStartTs: reg.window_start_ts,
      sendsInWindow: reg.sends_in_window,
    };
    const wait = sendWait(pacing, now);
    if (wait > 0)
      throw new MasterThrottledError(wait, 'A code was sent a moment ago. Please wait before asking again.');
    // One number, many registrations: the number's own sends are paced too.
    if ((await this.repo.sendsToPhone(phone, now)) >= SENDS_PER_WINDOW)
      throw new MasterThrottledError(
        SEND_WINDOW_S,
        'Too many codes were sent to this number. Please try again later.',
      );
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const next = afterSend(pacing, now);
    const resent = reg.sent_ts !== null && phone === reg.phone;
    await this.repo.update(reg.id, {
      phone,
      state: 'codeSent',
      code_hash: this.codeHash(reg.id, phone, code),
      code_expires_ts: now + CODE_TTL_S,
      code_attempts: 0,
      sent_ts: next.sentTs,
      window_start_ts: next.windowStartTs,
      sends_in_window: next.sendsInWindow,
    });
    // No account yet: the language is the one the registration page sent (the page's own).
    const t = await this.serverTexts.texts();
    await this.sendCode({
      userId: null,
      to: phone,
      text: t.text(reg.language, 'serverCodes.phone.sms', { code }),
    });
    return { ...this.status(body.registration, { ...reg, phone, state: 'codeSent' }), resent };
  }

  /** The code confirms the phone: status 2 when wrong, 13 when confirmed already (spec doc 2 §8). */
  async confirmMobile(body: { registration: string; code: string }): Promise<RegistrationStatus> {
    const now = this.nowS();
    const reg = await this.live(body.registration, 'codeRight');
    if (reg.code_hash === null) throw PROBLEMS.noCode();
    if ((reg.code_expires_ts ?? 0) <= now) {
      await this.repo.update(reg.id, { code_hash: null, code_expires_ts: null });
      throw wrongCode('The code has expired. Please ask for a new one.');
    }
    const attempts = await this.repo.countAttempt(reg.id);
    if (attempts === undefined) throw PROBLEMS.noCode();
    if (attempts > CODE_MAX_ATTEMPTS) {
      await this.repo.update(reg.id, { code_hash: null, code_expires_ts: null });
      throw wrongCode('Too many wrong codes. Please ask for a new one.');
    }
    if (!sameHash(this.codeHash(reg.id, reg.phone, body.code), reg.code_hash)) throw wrongCode();
    if (!(await this.repo.confirmPhone(reg.id, reg.code_hash))) throw alreadyConfirmed();
    return this.status(body.registration, { ...reg, state: 'phoneConfirmed' });
  }

  /** The registration becomes a master user (users.master = 1), who then logs in as any user does. */
  async finalize(body: { registration: string }): Promise<{ username: string }> {
    const reg = await this.live(body.registration, 'finalize');
    let id: number | null;
    try {
      id = await this.repo.finalize(reg, this.nowS());
    } catch (err) {
      // A user took the username between the registration and now (staff registering a customer).
      if (isUniqueViolation(err)) throw usernameExists();
      throw err;
    }
    if (id === null) throw gone();
    return { username: reg.username };
  }

  // ---- the master's own account (logged in)

  async save(actor: Actor, body: SaveMasterUserInput): Promise<void> {
    enforce(mayManageMasterAccount(whoAmI(actor)));
    const set: Parameters<MasterUsersRepository['saveProfile']>[1] = {};
    if (body.firstname !== undefined) set.firstname = body.firstname;
    if (body.lastname !== undefined) set.lastname = body.lastname;
    if (body.email !== undefined) set.email = body.email;
    if (body.country !== undefined) set.country = body.country;
    await this.repo.saveProfile(actor.user.id, set);
  }

  /** Deletes the master's account, with its password; its authorisations go and its sessions end. */
  async remove(actor: Actor, body: { password: string }): Promise<void> {
    enforce(mayManageMasterAccount(whoAmI(actor)));
    const key = `remove:${actor.user.id}`;
    const wait = this.passwordTries.wait(key);
    if (wait > 0)
      throw new MasterThrottledError(wait, 'Too many wrong passwords. Please wait before trying again.');
    if (!(await this.passwords.verify(actor.user.password_hash, body.password))) {
      this.passwordTries.fail(key);
      throw new ApiError(400, 'The password is incorrect.', 400, 'password');
    }
    this.passwordTries.forget(key);
    await this.revokeSessions(actor.user.id);
    if (!(await this.repo.deleteMaster(actor.user.id))) throw ApiError.notFound('No such master user.');
  }

  /** The master stops watching one farm (its authorisation or its request goes). */
  async stopWatching(actor: Actor, body: { UID: number }): Promise<void> {
    enforce(mayManageMasterAccount(whoAmI(actor)));
    // A farm the master has no row for is refused like another's: ids cannot be probed.
    if (!(await this.repo.stopWatching(actor.user.id, body.UID)))
      throw ApiError.forbidden('You do not watch this account.');
  }

  // ---- helpers

  /** The registration the secret names, if it still lives and the event may happen to it. */
  private async live(token: string, event: RegistrationEvent): Promise<Registration> {
    const reg = await this.repo.byToken(sha256(token));
    if (!reg) throw gone();
    const step = nextRegistrationState(reg.state, event, registrationExpired(reg.started_ts, this.nowS()));
    if (!step.ok) throw PROBLEMS[step.problem]();
    return reg;
  }

  private status(token: string, r: Pick<Registration, 'state' | 'phone' | 'started_ts'>): RegistrationStatus {
    return {
      status_code: 0,
      registration: token,
      state: r.state,
      phone: r.phone,
      expiresTs: r.started_ts + REGISTRATION_TTL_S,
    };
  }

  /** Keyed by the server's secret and bound to the registration and the number (as the account's codes). */
  private codeHash(id: number, phone: string, code: string): string {
    return createHmac('sha256', this.codeKey)
      .update(`master-registration\n${id}\n${phone}\n${code}`)
      .digest('hex');
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

import {
  usernameProblem,
  type CheckUsernameResponse,
  type SubUser,
  type UsernameProblem,
} from '@emberwatch/shared/contracts/account';
import { ApiError } from '../../http/ApiError.js';
import { presentPlans, presentService } from '../users/index.js';
import { enforce, type AccessService, type Actor } from '../../http/access/index.js';
import type { AccountRepository, SubUserChange } from './account.repository.js';
import { mayAddSubUsers, mayEditAccount, maySubUserBeChanged } from './account.policy.js';
import { presentSubUser } from './account.presenter.js';
import type { PasswordHashing } from './password.service.js';
import {
  isPlaceholderUsername,
  LOGIN_DISABLED_HASH,
  loginEnabledOf,
  placeholderUsername,
} from './subUserLogin.js';

/** A sub-user as the add and edit calls receive it, parsed (phone normalised, empty e-mail null). */
export interface SubUserFields {
  name: string;
  mobilePhone: string;
  email?: string | null | undefined;
  loginEnabled: boolean;
  username?: string | undefined;
  password?: string | undefined;
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const usernameExists = (path: string) => new ApiError(409, 'username exists', 409, path);

/**
 * Sub-users of an account (spec doc 2 §3, §4, §5, §7): the owner (or an admin) adds, edits and deletes
 * them; each may be given a login, whose username is fixed from then on.
 */
export class SubUserService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly access: AccessService,
    private readonly hashing: PasswordHashing,
    private readonly revokeSessions: (userId: number) => Promise<void>,
    private readonly nowS: () => number,
  ) {}

  /** POST /admin/checkUsername: the owner choosing a sub-user's login (uniqueness is told to owners only). */
  async checkUsername(
    actor: Actor,
    body: { UID?: number | undefined; username: string },
  ): Promise<Omit<CheckUsernameResponse, 'status_code'>> {
    await this.editable(actor, body.UID);
    const name = body.username.trim();
    const problem: UsernameProblem | null =
      usernameProblem(name) ?? ((await this.repo.usernameTaken(name)) ? 'username_exists' : null);
    return { nameCheck: problem === null, problem };
  }

  async add(actor: Actor, uid: number | undefined, u: SubUserFields): Promise<SubUser> {
    const { account } = await this.editable(actor, uid);
    enforce(mayAddSubUsers({ plans: presentPlans(account, this.nowS()), service: presentService(account) }));
    let username = placeholderUsername();
    let passwordHash = LOGIN_DISABLED_HASH;
    if (u.loginEnabled) {
      if (u.username === undefined) throw ApiError.invalid('A login needs a username.', 'new_user.username');
      if (u.password === undefined) throw ApiError.invalid('pwd_too_short', 'new_user.password');
      if (await this.repo.usernameTaken(u.username)) throw usernameExists('new_user.username');
      username = u.username;
      passwordHash = await this.hashing.hash(u.password);
    }
    let id: number | undefined;
    try {
      id = await this.repo.insertSubUser(
        {
          mainUserId: account.id,
          username,
          passwordHash,
          name: u.name,
          phone: u.mobilePhone,
          email: u.email ?? null,
          country: account.country,
          language: account.language,
          demo: account.demo,
          nowS: this.nowS(),
        },
        account.sub_user_count,
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameExists('new_user.username');
      throw err;
    }
    if (id === undefined) throw ApiError.forbidden('The account has all the users its plan allows.');
    return presentSubUser((await this.repo.findUser(id))!);
  }

  async update(actor: Actor, uid: number | undefined, subUserId: number, u: SubUserFields): Promise<SubUser> {
    const { account } = await this.editable(actor, uid);
    const found = await this.repo.findUser(subUserId);
    enforce(maySubUserBeChanged(found && { mainUserId: found.main_user_id }, account.id));
    const sub = found!;
    // Spec doc 2 §4: once login has been enabled the username is the sub-user's for good.
    const fixed = !isPlaceholderUsername(sub.username);
    const wasEnabled = loginEnabledOf(sub);
    if (fixed && u.username !== undefined && u.username !== sub.username)
      throw ApiError.invalid('The username cannot be changed once login is enabled.', 'user.username');

    const change: SubUserChange = { name: u.name, phone: u.mobilePhone, email: u.email ?? null };
    let endSessions = false;
    if (u.loginEnabled) {
      if (!fixed) {
        if (u.username === undefined) throw ApiError.invalid('A login needs a username.', 'user.username');
        if (await this.repo.usernameTaken(u.username)) throw usernameExists('user.username');
        change.username = u.username;
      }
      if (!wasEnabled && u.password === undefined) throw ApiError.invalid('pwd_too_short', 'user.password');
      if (u.password !== undefined) {
        change.passwordHash = await this.hashing.hash(u.password);
        endSessions = wasEnabled;
      }
    } else if (wasEnabled) {
      change.passwordHash = LOGIN_DISABLED_HASH;
      endSessions = true;
    }
    try {
      await this.repo.updateSubUser(sub.id, change);
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameExists('user.username');
      throw err;
    }
    if (endSessions) await this.revokeSessions(sub.id);
    return presentSubUser((await this.repo.findUser(sub.id))!);
  }

  /** POST /client/deleteSubUser: its sessions, preferences and codes go with it. */
  async remove(actor: Actor, mainUserId: number, subUserId: number): Promise<void> {
    const { account } = await this.editable(actor, mainUserId);
    if (account.id !== mainUserId) throw ApiError.invalid('mainUserID is not the account.', 'mainUserID');
    // The store checks whose sub-user it is as it deletes; nothing deleted is the policy's refusal.
    if (!(await this.repo.deleteSubUser(account.id, subUserId)))
      enforce(maySubUserBeChanged(undefined, account.id));
  }

  /** The account whose users change: its owner's, or staff's for a customer (account.policy.ts). */
  private async editable(actor: Actor, uid: number | undefined) {
    const scope = await this.access.accountScope(actor, uid);
    enforce(mayEditAccount(scope.who));
    return scope;
  }
}

import { randomBytes } from 'node:crypto';
import type { AddAdminUser, SetAdminUserGroup, StaffMember } from '@emberwatch/shared/contracts/staff';
import { staffLevelOf, type StaffLevel } from '@emberwatch/shared/domain/operatorTools';
import { STAFF_LEVELS } from '@emberwatch/shared/domain/roles';
import {
  staffChangeRefusal,
  STAFF_REFUSAL_TEXTS,
  type StaffChange,
} from '@emberwatch/shared/domain/staff/staffRules';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import { auditActedFor, auditChanged } from '../../http/audit.js';
import { recipientLanguage, type MessageTexts } from '../translations/index.js';
import type { StaffRepository, StaffUserRow } from './staff.repository.js';

/** What the staff feature needs from others (features.ts hands them in). */
export interface StaffPorts extends MessageTexts {
  hashPassword(password: string): Promise<string>;
  /** Ends every session of a user (the sessions feature). */
  revokeSessions(userId: number): Promise<void>;
  /** An e-mail through the delivery outbox. */
  sendCode(m: {
    userId: number | null;
    to: string;
    text: string;
    channel: 'email';
    subject: string;
  }): Promise<void>;
}

// The levels are names, the same in every language (the staff page's levels).
const LEVEL_NAMES: Record<StaffLevel, string> = {
  root: 'Root',
  admin: 'Admin',
  tech: 'Tech',
  sales: 'Sales',
};

function levelOfGroup(group: number): StaffLevel {
  return staffLevelOf(group);
}

export function presentStaff(u: StaffUserRow): StaffMember {
  const name = [u.firstname, u.lastname].filter(Boolean).join(' ');
  return {
    UID: u.id,
    username: u.username,
    name: name || null,
    email: u.email,
    // A staff member without a stored level is an Admin (operatorTools.staffLevelOf).
    admin_group: STAFF_LEVELS[staffLevelOf(u.admin_group)],
  };
}

/** The staff member's level, or null for an account that is not staff. */
function levelOf(u: StaffUserRow): StaffLevel | null {
  return u.admin === 1 ? staffLevelOf(u.admin_group) : null;
}

/**
 * The staff list and its changes (issue 31 item 2, decision 0099): who may manage whom is the shared
 * `staffChangeRefusal`; a refusal changes nothing. The rights of a member are read from the database
 * on every call (http/authenticate → AccessService.actorFor), so a lowered member has its new level at
 * its next call; a removed member's sessions are ended as well.
 */
export class StaffService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly ports: StaffPorts,
    private readonly nowS: () => number,
  ) {}

  async list(actor: Actor): Promise<StaffMember[]> {
    assertOperator(actor, 'staffList');
    return (await this.repo.list()).map(presentStaff);
  }

  async setLevel(actor: Actor, body: SetAdminUserGroup): Promise<StaffMember> {
    assertOperator(actor, 'staffManagement');
    const target = await this.staffMember(body.UID);
    const to = levelOfGroup(body.admin_group);
    return this.change(actor, target, { kind: 'set', to }, async (w) => {
      await w.setStaff(target.id, body.admin_group);
      return target.id;
    });
  }

  async remove(actor: Actor, uid: number): Promise<null> {
    assertOperator(actor, 'staffManagement');
    const target = await this.staffMember(uid);
    await this.change(actor, target, { kind: 'remove' }, async (w) => {
      await w.setStaff(target.id, null);
      return null;
    });
    // Their rights went with the flag; their sessions (and customer sessions they opened) end too.
    await this.ports.revokeSessions(target.id);
    return null;
  }

  async add(actor: Actor, body: AddAdminUser): Promise<StaffMember> {
    assertOperator(actor, 'staffManagement');
    const to = levelOfGroup(body.admin_group);
    const existing = await this.repo.findByUsername(body.username);
    if (body.kind === 'existing') {
      if (!existing) throw ApiError.notFound('No account has that username.');
      if (existing.admin === 1) throw new ApiError(409, 'That account is staff already.');
      if (existing.main_user_id !== null)
        throw new ApiError(409, 'A sub-user cannot be made staff: it works in another account.');
      if (existing.master === 1) throw new ApiError(409, 'A master user cannot be made staff.');
      if (existing.demo === 1) throw new ApiError(409, 'A demo account cannot be made staff.');
      if (existing.blocked === 1) throw new ApiError(409, 'A blocked account cannot be made staff.');
      return this.change(actor, existing, { kind: 'add', to }, async (w) => {
        await w.setStaff(existing.id, body.admin_group);
        return existing.id;
      });
    }
    if (existing) throw new ApiError(409, 'That username is taken.');
    // No password is chosen for the new member: its first login is set through the password
    // recovery, with a code to this address (decision 0099). Until then no password opens it.
    const passwordHash = await this.ports.hashPassword(randomBytes(32).toString('base64url'));
    // The new member has no language yet: it starts with the one of who made it (colleagues share
    // one), and its first e-mail is worded in it (serverMail.staffAccount; decision 0107).
    const language = await recipientLanguage(this.ports.preferences, actor.user);
    const member = await this.change(actor, { id: 0, level: null }, { kind: 'add', to }, (w) =>
      w.insertStaffAccount({
        username: body.username,
        email: body.email,
        firstname: body.firstname || null,
        lastname: body.lastname || null,
        passwordHash,
        adminGroup: body.admin_group,
        language,
        nowS: this.nowS(),
      }),
    );
    const t = await this.ports.serverTexts.texts();
    await this.ports.sendCode({
      userId: member.UID,
      to: body.email,
      channel: 'email',
      subject: t.text(language, 'serverMail.staffAccount.subject'),
      text: t.text(language, 'serverMail.staffAccount.text', {
        level: LEVEL_NAMES[to],
        by: actor.user.username,
        username: body.username,
      }),
    });
    return member;
  }

  private async staffMember(uid: number): Promise<StaffUserRow> {
    const u = await this.repo.findById(uid);
    if (!u || u.admin !== 1) throw ApiError.notFound('That user is not staff.');
    return u;
  }

  /** Checks the rule inside the change's transaction (the Roots counted there), then makes it. */
  private async change<R extends number | null>(
    actor: Actor,
    target: StaffUserRow | { id: number; level: null },
    change: StaffChange,
    write: (w: Parameters<Parameters<StaffRepository['withRootCount']>[0]>[1]) => Promise<R>,
  ): Promise<R extends number ? StaffMember : null> {
    const me = { id: actor.user.id, level: staffLevelOf(actor.user.admin_group) };
    const targetLevel = 'admin' in target ? levelOf(target) : null;
    const before = 'admin' in target ? (targetLevel === null ? null : presentStaff(target)) : null;
    const id = await this.repo.withRootCount(async (rootCount, w) => {
      const refusal = staffChangeRefusal({
        actor: me,
        target: { id: target.id, level: targetLevel },
        change,
        rootCount,
      });
      if (refusal) throw ApiError.forbidden(STAFF_REFUSAL_TEXTS[refusal]);
      return write(w);
    });
    const changedId = id ?? target.id;
    auditActedFor(changedId);
    const after = id === null ? null : await this.repo.findById(id);
    auditChanged(`staff ${changedId}`, before, after ? presentStaff(after) : null);
    return (after ? presentStaff(after) : null) as R extends number ? StaffMember : null;
  }
}

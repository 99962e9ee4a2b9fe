import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_STATUS, SMS_CODE_LENGTH, usernameProblem } from '@emberwatch/shared/contracts/account';
import type {
  ConfirmGariMobileResponse,
  GariCheck,
  GariMigration,
  MigrateGariUserResponse,
} from '@emberwatch/shared/contracts/gariMigration';
import { gariAccountOf, type GariAccount } from '@emberwatch/shared/domain/gariMigration/gariExport';
import {
  GARI_PROBLEM_MESSAGES,
  gariIdCounts,
  gariUsernameStatus,
  mayConfirmGariPhone,
  planGariMigration,
  type GariMigrationPlan,
  type GariProblemCode,
  type GariUsernameStatus,
} from '@emberwatch/shared/domain/gariMigration/gariMigrationPlan';
import { recipientLanguage, type MessageTexts } from '../translations/index.js';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type AccessService, type Actor } from '../../http/access/index.js';
import { auditActedFor, auditChanged } from '../../http/audit.js';
import { sha256 } from '../../security/sha256.js';
import type { GariMigrationRepository } from './gariMigration.repository.js';
import type { GariMigrationsTable } from './gariMigration.tables.js';

/** The account feature's code rules (account/codes.ts): ten minutes, five wrong tries, used once. */
const CODE_TTL_S = 10 * 60;
const CODE_MAX_ATTEMPTS = 5;

/** Problems the store causes (someone else has the name or id): 409; the rest are the file's: 400. */
const CONFLICTS: ReadonlySet<GariProblemCode> = new Set(['usernameTaken', 'stationTaken', 'probeTaken']);

/** A code to the migrated account's phone, sent as the account feature's are (through the outbox). */
export type GariCodeSender = (m: { userId: number; to: string; text: string }) => Promise<void>;

export interface GariPasswords {
  hash(password: string): Promise<string>;
}

function presentMigration(r: GariMigrationsTable): GariMigration {
  return {
    gari_id: r.gari_id,
    uid: r.user_id,
    username: r.username,
    phone: r.phone,
    state: r.state,
    created_account: r.created_account === 1,
    stations: r.stations,
    probes: r.probes,
    started_ts: r.started_ts,
    completed_ts: r.completed_ts,
    phone_confirmed_ts: r.phone_confirmed_ts,
    code_sent_ts: r.code_sent_ts,
    last_error: r.last_error,
  };
}

const wrongCode = (message = 'Confirmation code is wrong') =>
  new ApiError(400, message, PHONE_STATUS.wrongCode, 'code');

/**
 * The migration from the older Gari system (issue 31 item 6, decision 0102). Every check and list is
 * the `gariMigrationCheck` tool (every staff level); migrating and the phone code are `gariMigration`
 * (Root and Admin: what the customer is served). A refused account changes nothing; migrating one
 * again adds only what is missing, so twice is once.
 */
export class GariMigrationService {
  constructor(
    private readonly repo: GariMigrationRepository,
    private readonly access: AccessService,
    private readonly passwords: GariPasswords,
    private readonly sendCode: GariCodeSender,
    /** The key of the codes' hashes (the server's secret). */
    private readonly codeKey: string,
    private readonly nowS: () => number,
    /** The code's text, in the migrated account's language (serverCodes; decision 0107). */
    private readonly words: MessageTexts,
  ) {}

  async checkUsername(
    actor: Actor,
    body: { username: string; gari_id?: string | undefined },
  ): Promise<{ username: string; status: GariUsernameStatus | 'invalid'; uid: number | null }> {
    assertOperator(actor, 'gariMigrationCheck');
    if (usernameProblem(body.username) !== null)
      return { username: body.username, status: 'invalid', uid: null };
    const user = await this.repo.userByUsername(body.username);
    const moved = body.gari_id ? await this.repo.migration(body.gari_id) : undefined;
    const migratedTo =
      moved?.user_id != null && user !== null && moved.user_id === user.id
        ? { userId: moved.user_id, username: body.username }
        : null;
    const status = gariUsernameStatus(body.gari_id ?? '', user, migratedTo);
    // Another customer's account is not named to the operator by this check.
    return { username: body.username, status, uid: status === 'taken' ? null : (user?.id ?? null) };
  }

  async check(actor: Actor, accounts: readonly GariAccount[]): Promise<GariCheck[]> {
    assertOperator(actor, 'gariMigrationCheck');
    const all = accounts.map(gariAccountOf);
    const counts = gariIdCounts(all);
    const states = new Map(
      (await this.repo.migrations([...counts.keys()].filter((id) => id !== ''))).map((r) => [r.gari_id, r]),
    );
    const results: GariCheck[] = [];
    for (const a of all) {
      const plan = await this.plan(a, counts.get(a.gari_id) ?? 1, states.get(a.gari_id));
      results.push({
        gari_id: a.gari_id,
        username: a.username,
        username_status: plan.usernameStatus,
        uid: plan.targetUserId,
        stations_new: plan.stationsNew,
        stations_kept: plan.stationsKept,
        probes_new: plan.probesNew,
        probes_kept: plan.probesKept,
        problems: plan.problems.map((p) => ({ ...p, message: GARI_PROBLEM_MESSAGES[p.code] })),
        state: states.get(a.gari_id)?.state ?? null,
      });
    }
    return results;
  }

  async migrate(actor: Actor, input: GariAccount): Promise<Omit<MigrateGariUserResponse, 'status_code'>> {
    assertOperator(actor, 'gariMigration');
    const a = gariAccountOf(input);
    const before = await this.repo.migration(a.gari_id);
    const plan = await this.plan(a, 1, before);
    if (plan.problems.length > 0) {
      const conflict = plan.problems.some((p) => CONFLICTS.has(p.code));
      const text = plan.problems
        .map((p) => (p.subject ? `${p.subject}: ` : '') + GARI_PROBLEM_MESSAGES[p.code])
        .join(' ');
      throw new ApiError(conflict ? 409 : 400, `Not migrated, nothing was changed. ${text}`);
    }
    const nothingNew =
      before !== undefined &&
      before.state !== 'started' &&
      plan.stationsNew.length === 0 &&
      plan.probesNew.length === 0;
    if (nothingNew) {
      auditActedFor(before.user_id!);
      return {
        gari_id: a.gari_id,
        uid: before.user_id!,
        username: before.username,
        created_account: false,
        stations_added: 0,
        probes_added: 0,
        already: true,
        state: before.state,
      };
    }
    const nowS = this.nowS();
    // The account's login: a password nobody knows; the customer sets their own through "forgot
    // password" once the phone is confirmed (decision 0102).
    const passwordHash =
      plan.targetUserId === null ? await this.passwords.hash(randomBytes(24).toString('base64url')) : '';
    await this.repo.start({
      gari_id: a.gari_id,
      username: a.username,
      phone: plan.phone,
      staff_user_id: actor.user.id,
      nowS,
    });
    let done: Awaited<ReturnType<GariMigrationRepository['migrate']>>;
    try {
      done = await this.repo.migrate({
        account: a,
        targetUserId: plan.targetUserId,
        newUser: { passwordHash, phone: plan.phone },
        stationsNew: new Set(plan.stationsNew),
        probesNew: new Set(plan.probesNew),
        stationSecretHash: () => sha256(randomBytes(32).toString('base64url')),
        nowS,
      });
    } catch (err) {
      // The row stays `started` with why; the transaction left nothing else behind.
      await this.repo.failed(a.gari_id, err instanceof Error ? err.message.slice(0, 500) : 'failed');
      throw new ApiError(409, 'The migration could not be completed; nothing was changed. Check it again.');
    }
    const after = (await this.repo.migration(a.gari_id))!;
    auditActedFor(done.userId);
    auditChanged(`Gari account ${a.gari_id}`, before ? { state: before.state, uid: before.user_id } : null, {
      state: after.state,
      uid: done.userId,
      created_account: done.created,
      stations_added: plan.stationsNew,
      probes_added: done.probes,
    });
    return {
      gari_id: a.gari_id,
      uid: done.userId,
      username: (await this.repo.usernameOf(done.userId)) ?? a.username,
      created_account: done.created,
      stations_added: done.stations,
      probes_added: done.probes,
      already: false,
      state: after.state,
    };
  }

  /** POST confirmGariMobile: without a code sends one to the account's phone; with one confirms it. */
  async confirmMobile(
    actor: Actor,
    body: { gari_id: string; code?: string | undefined },
  ): Promise<Omit<ConfirmGariMobileResponse, 'status_code'>> {
    assertOperator(actor, 'gariMigration');
    const row = await this.repo.migration(body.gari_id);
    const verdict = mayConfirmGariPhone(row?.state ?? null);
    if (!row || verdict === 'notMigrated' || row.user_id === null)
      throw ApiError.notFound(`The Gari account ${body.gari_id} has not been migrated.`);
    auditActedFor(row.user_id);
    if (verdict === 'confirmed')
      throw new ApiError(
        409,
        'This phone number has been confirmed',
        PHONE_STATUS.alreadyConfirmed,
        'gari_id',
      );
    const now = this.nowS();
    const base = { gari_id: row.gari_id, phone: row.phone };
    if (body.code === undefined) {
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      await this.repo.saveCode(row.gari_id, {
        hash: this.codeHash(row, code),
        expiresTs: now + CODE_TTL_S,
        sentTs: now,
      });
      const userId = row.user_id;
      const [t, language] = await Promise.all([
        this.words.serverTexts.texts(),
        this.repo
          .languageOf(userId)
          .then((own) => recipientLanguage(this.words.preferences, { id: userId, language: own })),
      ]);
      await this.sendCode({
        userId,
        to: row.phone,
        text: t.text(language, 'serverCodes.phone.sms', { code }),
      });
      auditChanged(`Gari account ${row.gari_id} phone code`, null, { sent_to: row.phone });
      return { ...base, sent: true, state: row.state };
    }
    if (row.code_hash === null) throw wrongCode('No code is waiting. Please ask for one first.');
    if ((row.code_expires_ts ?? 0) <= now) {
      await this.repo.dropCode(row.gari_id);
      throw wrongCode('The code has expired. Please ask for a new one.');
    }
    const attempts = await this.repo.countAttempt(row.gari_id);
    if (attempts === undefined) throw wrongCode('No code is waiting. Please ask for one first.');
    if (attempts > CODE_MAX_ATTEMPTS) {
      await this.repo.dropCode(row.gari_id);
      throw wrongCode('Too many wrong codes. Please ask for a new one.');
    }
    const hash = this.codeHash(row, body.code);
    if (!sameHash(hash, row.code_hash)) throw wrongCode();
    if (!(await this.repo.confirmPhone(row.gari_id, row.code_hash, row.user_id, row.phone, now)))
      throw new ApiError(409, 'This phone number has been confirmed', PHONE_STATUS.alreadyConfirmed, 'code');
    auditChanged(
      `Gari account ${row.gari_id}`,
      { state: row.state },
      { state: 'phoneConfirmed', phone: row.phone },
    );
    return { ...base, sent: false, state: 'phoneConfirmed' };
  }

  async list(actor: Actor): Promise<GariMigration[]> {
    assertOperator(actor, 'gariMigrationCheck');
    return (await this.repo.list()).map(presentMigration);
  }

  /** The account's own state (the top bar's badge): whoever may see the account. */
  async stateOf(
    actor: Actor,
    uid: number | undefined,
  ): Promise<{ migrationCompleted: boolean; phoneConfirmed: boolean }> {
    const { account } = await this.access.accountScope(actor, uid);
    const rows = await this.repo.ofUser(account.id);
    return {
      migrationCompleted: rows.some((r) => r.state !== 'started'),
      phoneConfirmed: rows.some((r) => r.state === 'phoneConfirmed'),
    };
  }

  private async plan(
    a: GariAccount,
    gariIdCount: number,
    row: GariMigrationsTable | undefined,
  ): Promise<GariMigrationPlan> {
    const stationIds = a.stations.map((s) => s.id);
    const probeIds = a.stations.flatMap((s) => s.probes.map((p) => p.id));
    const migratedTo =
      row?.user_id != null
        ? { userId: row.user_id, username: (await this.repo.usernameOf(row.user_id)) ?? row.username }
        : null;
    return planGariMigration(
      a,
      {
        user: await this.repo.userByUsername(a.username),
        migratedTo,
        stationOwners: await this.repo.stationOwners(stationIds),
        probeStations: await this.repo.probeStations(probeIds),
      },
      gariIdCount,
    );
  }

  /** Keyed like the account feature's codes: bound to the older account, the user and the number. */
  private codeHash(row: GariMigrationsTable, code: string): string {
    return createHmac('sha256', this.codeKey)
      .update(`gari\n${row.gari_id}\n${row.user_id}\n${row.phone}\n${code}`)
      .digest('hex');
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

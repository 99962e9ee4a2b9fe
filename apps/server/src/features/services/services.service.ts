import type {
  ExtraServiceRequest,
  SaveExtraServicesRequest,
  SaveExtraServicesResponse,
  GetServicesQuery,
  GetServicesResponse,
  RegisterServiceRequest,
  ServiceRegistration,
  ServiceValues,
} from '@emberwatch/shared/contracts/services';
import {
  getServicesQuerySchema,
  registerServiceRequestSchema,
  saveExtraServicesRequestSchema,
} from '@emberwatch/shared/contracts/services';
import {
  expiredTerms,
  replacedBy,
  SERVICE_MESSAGES,
  serviceProblem,
} from '@emberwatch/shared/domain/services';
import { ApiError } from '../../http/ApiError.js';
import { auditChanged } from '../../http/audit.js';
import { assertOperator, enforce, type AccessService, type Actor } from '../../http/access/index.js';
import { mayOrderServices } from './services.policy.js';
import type { RegistrationRow, ServicesRepository } from './services.repository.js';

const DAY_S = 86_400;

const present = (r: RegistrationRow): ServiceRegistration => ({
  id: r.id,
  U_ID: r.user_id,
  username: r.username,
  kind: r.kind,
  value: r.value,
  startTs: r.start_ts,
  untilTs: r.until_ts,
  endedTs: r.ended_ts,
  endedBy: r.ended_by,
  note: r.note,
  staff: r.staff,
});

/**
 * Services staff register for a customer (decision 0103): the rules are domain/services.ts's; this
 * checks the caller's staff level and the account, and keeps the history.
 */
export class ServicesService {
  constructor(
    private readonly repo: ServicesRepository,
    private readonly access: AccessService,
    private readonly nowS: () => number,
  ) {}

  /** GET getServices: registrations, of one account with its services now, or of every account. */
  async list(actor: Actor, query: GetServicesQuery): Promise<GetServicesResponse> {
    assertOperator(actor, 'services');
    const q = getServicesQuerySchema.parse(query);
    const account = q.UID === undefined ? undefined : await this.accountOf(actor, q.UID);
    const rows = await this.repo.list({
      ...(account ? { userId: account.id } : {}),
      ...(q.kind ? { kind: q.kind } : {}),
      state: q.state,
      ...(q.expiring !== undefined ? { endsBefore: this.nowS() + q.expiring * DAY_S } : {}),
    });
    return {
      status_code: 0,
      results: rows.map(present),
      current: account ? ((await this.repo.current(account.id)) ?? null) : null,
      requests: account ? await this.requestsOf(account.id) : [],
    };
  }

  /**
   * POST saveExtraServices (decision 0108): the owner (or staff for it) orders extra services or
   * withdraws an order; the account itself changes only when staff register the service.
   */
  async saveExtraServices(actor: Actor, input: SaveExtraServicesRequest): Promise<SaveExtraServicesResponse> {
    const r = saveExtraServicesRequestSchema.parse(input);
    const { account, who } = await this.access.accountScope(actor, r.UID);
    enforce(mayOrderServices(who));
    if (account.admin === 1) throw ApiError.invalid('Staff accounts have no services.', 'UID');
    const nowS = this.nowS();
    for (const [i, o] of r.services.entries()) {
      const problem = o.value === null ? null : serviceProblem(o.kind, o.value, null, nowS);
      if (problem) throw ApiError.invalid(SERVICE_MESSAGES[problem], `services.${i}.value`);
    }
    await this.repo.saveRequests(account.id, r.services, r.note || null, actor.user.id, nowS);
    return {
      status_code: 0,
      requests: await this.requestsOf(account.id),
      current: (await this.repo.current(account.id))!,
    };
  }

  private async requestsOf(userId: number): Promise<ExtraServiceRequest[]> {
    return (await this.repo.requestsOf(userId)).map((q) => ({
      kind: q.kind,
      value: q.value,
      note: q.note,
      createdTs: Number(q.created_ts),
    }));
  }

  /** POST registerService: the running one of its kind ends, this one starts, the account changes. */
  async register(
    actor: Actor,
    input: RegisterServiceRequest,
  ): Promise<{ registration: ServiceRegistration; current: ServiceValues }> {
    assertOperator(actor, 'serviceRegistration');
    const r = registerServiceRequestSchema.parse(input);
    const nowS = this.nowS();
    const problem = serviceProblem(r.kind, r.value, r.untilTs, nowS);
    if (problem) throw ApiError.invalid(SERVICE_MESSAGES[problem], problem === 'value' ? 'value' : 'untilTs');
    const account = await this.accountOf(actor, r.UID);
    const before = await this.repo.current(account.id);
    const id = await this.repo.register({
      userId: account.id,
      kind: r.kind,
      value: r.value,
      untilTs: r.untilTs,
      note: r.note || null,
      staffUserId: actor.user.id,
      nowS,
      replaces: replacedBy(await this.repo.running(account.id), r.kind),
    });
    const current = (await this.repo.current(account.id))!;
    auditChanged(`service ${r.kind}`, { value: before?.[r.kind] }, { value: r.value, untilTs: r.untilTs });
    const [row] = await this.repo
      .list({ userId: account.id, state: 'all' })
      .then((rs) => rs.filter((x) => x.id === id));
    return { registration: present(row!), current };
  }

  /** The expiry job: each registration whose end has come ends, its account back to the default. */
  async expire(): Promise<number> {
    const nowS = this.nowS();
    let ended = 0;
    for (const e of expiredTerms(await this.repo.due(nowS), nowS))
      if (await this.repo.expire(e.id, e.value, nowS)) ended++;
    return ended;
  }

  /** A customer's account: a main user, not staff, not a sub-user. */
  private async accountOf(actor: Actor, uid: number) {
    const account = await this.access.targetAccount(actor, uid);
    if (account.main_user_id !== null)
      throw ApiError.invalid('A sub-user has no services of its own; name the account.', 'UID');
    if (account.admin === 1) throw ApiError.invalid('Staff accounts have no services.', 'UID');
    return account;
  }
}

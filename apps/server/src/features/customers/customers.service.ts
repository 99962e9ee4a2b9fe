import type {
  Customer,
  CustomerDetail,
  CustomerListQuery,
  CustomerLocationsResponse,
  CustomerPoint,
} from '@emberwatch/shared/contracts/customers';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { customerGroupOf } from '@emberwatch/shared/domain/customers/customerGroups';
import {
  fromMicroDegrees,
  locationProblem,
  toMicroDegrees,
} from '@emberwatch/shared/domain/customers/customerLocation';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import { auditActedFor, auditChanged } from '../../http/audit.js';
import { presentService, type UserRow } from '../users/index.js';
import type {
  CustomerFilter,
  CustomerListKind,
  CustomerRowData,
  CustomersRepository,
} from './customers.repository.js';
import type { FirstLoginMail } from './firstLoginMail.js';

/** The map shows at most this many points; the answer says how many are left without a location. */
export const LOCATIONS_MAX = 5000;

/**
 * Not a hash: argon2 verifies nothing against it, so the account has no password until its owner sets
 * one through the forgotten-password flow its first-login e-mail points to (decision 0098). It is not
 * the sub-users' "login disabled" mark, so that flow serves the account.
 */
export const PASSWORD_NOT_SET = '!password-not-set';

const usernameExists = () => new ApiError(409, 'username exists', 409, 'username');

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function locationOf(r: {
  lat_e6: number | null;
  lon_e6: number | null;
}): { lat: number; lon: number } | null {
  return r.lat_e6 === null || r.lon_e6 === null
    ? null
    : { lat: fromMicroDegrees(r.lat_e6), lon: fromMicroDegrees(r.lon_e6) };
}

function present(r: CustomerRowData): Customer {
  return {
    U_ID: r.id,
    username: r.username,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    phone: r.phone,
    country: r.country,
    language: r.language,
    planName: r.plan_name,
    planLevel: r.plan_level,
    planDue: r.plan_due_ts,
    partnerApp: r.partner_app,
    master: r.master === 1,
    grandMaster: r.grand_master === 1,
    blocked: r.blocked === 1,
    demo: r.demo === 1,
    created: Number(r.created_ts),
    stations: Number(r.stations ?? 0),
    migrationStarted: r.migration_ts === null ? null : Number(r.migration_ts),
    group: customerGroupOf({ partnerApp: r.partner_app, migrationStartedTs: r.migration_ts }),
    authorizedAccounts: Number(r.authorized ?? 0),
    location: locationOf(r),
  };
}

export interface RegisterInput {
  username: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone?: string;
  country: string;
  language: Language;
}

/**
 * The customers (issue 31 item 1; decision 0098): the lists, the map, a customer's facts, its location
 * and accounts made by staff. Every level reads (`customers`); registering (`customerRegistration`)
 * and placing on the map (`customerLocation`) are the fleet's levels'. A customer's plan and service
 * are the payments' and insight features' calls, which the console's detail calls as they are.
 */
export class CustomersService {
  constructor(
    private readonly repo: CustomersRepository,
    private readonly mail: FirstLoginMail,
    private readonly tileUrl: string | undefined,
    private readonly nowS: () => number,
  ) {}

  async list(
    actor: Actor,
    kind: CustomerListKind,
    q: CustomerListQuery,
  ): Promise<{ results: Customer[]; total: number }> {
    assertOperator(actor, 'customers');
    const { rows, total } = await this.repo.list(kind, q, q);
    return { results: rows.map(present), total };
  }

  async locations(actor: Actor, f: CustomerFilter): Promise<Omit<CustomerLocationsResponse, 'status_code'>> {
    assertOperator(actor, 'customers');
    const { rows, withoutLocation } = await this.repo.located(f, LOCATIONS_MAX);
    const results: CustomerPoint[] = rows.map((r) => {
      const c = present(r);
      return {
        U_ID: c.U_ID,
        username: c.username,
        name: [c.firstname, c.lastname].filter(Boolean).join(' ') || c.username,
        country: c.country,
        planName: c.planName,
        group: c.group,
        lat: c.location!.lat,
        lon: c.location!.lon,
      };
    });
    return { results, withoutLocation, tileUrl: this.tileUrl ?? null };
  }

  private async customerRow(uid: number): Promise<CustomerRowData> {
    const row = await this.repo.customer(uid);
    if (!row) throw ApiError.notFound(`No customer ${uid}.`);
    return row;
  }

  async detail(actor: Actor, uid: number): Promise<CustomerDetail> {
    assertOperator(actor, 'customers');
    const row = await this.customerRow(uid);
    // A look at one customer's facts: the trail records it as the customer's.
    auditActedFor(row.id);
    const extras = await this.repo.extras(row.id);
    return {
      ...present(row),
      apiPlanDue: extras.api_plan_due_ts,
      service: presentService({ service_json: extras.service_json } as UserRow),
      subUsers: extras.subUsers,
      stationList: extras.stations.map((s) => ({ bsId: s.id, name: s.display_name, probes: s.probes })),
    };
  }

  async setLocation(
    actor: Actor,
    b: { UID: number; lat: number | null; lon: number | null },
  ): Promise<{ lat: number; lon: number } | null> {
    assertOperator(actor, 'customerLocation');
    const problem = locationProblem(b.lat, b.lon);
    if (problem)
      throw ApiError.invalid(
        `The ${problem === 'pair' ? 'location' : problem} is not valid.`,
        problem === 'latitude' ? 'lat' : 'lon',
      );
    const row = await this.customerRow(b.UID);
    auditActedFor(row.id);
    const before = locationOf(row);
    const at =
      b.lat === null || b.lon === null
        ? null
        : { lat_e6: toMicroDegrees(b.lat), lon_e6: toMicroDegrees(b.lon) };
    await this.repo.setLocation(row.id, at, actor.user.id, this.nowS());
    const after = at && locationOf(at);
    auditChanged('customer location', before, after);
    return after;
  }

  /**
   * POST /admin/registerUser: a customer account made by staff. Nobody chooses its password: the
   * e-mail tells its owner the username and where to set one (the forgotten-password flow, which
   * mails a code to this address), so no secret is ever in the answer, the trail or the outbox.
   */
  async register(actor: Actor, input: RegisterInput): Promise<{ uid: number; emailQueued: boolean }> {
    assertOperator(actor, 'customerRegistration');
    if (await this.repo.usernameTaken(input.username)) throw usernameExists();
    let uid: number;
    try {
      uid = await this.repo.insertCustomer({
        ...input,
        phone: input.phone ?? null,
        passwordHash: PASSWORD_NOT_SET,
        nowS: this.nowS(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameExists();
      throw err;
    }
    auditActedFor(uid);
    auditChanged('customer account', null, {
      U_ID: uid,
      username: input.username,
      email: input.email,
      firstname: input.firstname,
      lastname: input.lastname,
      phone: input.phone ?? null,
      country: input.country,
      language: input.language,
    });
    await this.mail.send({
      userId: uid,
      username: input.username,
      email: input.email,
      language: input.language,
    });
    return { uid, emailQueued: true };
  }
}

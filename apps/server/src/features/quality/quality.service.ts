import {
  QUALITY_PERIOD_MAX_DAYS,
  type GetQualityQuery,
  type StorageQuality,
} from '@emberwatch/shared/contracts/quality';
import type { SensorLayout, Stack } from '@emberwatch/shared/contracts/storageLayout';
import type { QualityPeriod } from '@emberwatch/shared/contracts/storages';
import type { Service } from '@emberwatch/shared/contracts/users';
import { resolveQualityPeriod, type ResolvedQualityPeriod } from '@emberwatch/shared/domain/qualityPeriod';
import { isHayProbe } from '@emberwatch/shared/domain/storageLayout/isHayProbe';
import { ApiError } from '../../http/ApiError.js';
import { probesOf, type StorageRepository } from '../storages/index.js';
import type { UserRepository, UserRow } from '../users/index.js';
import { enforce, whoIs, type AccessService, type Actor } from '../../http/access/index.js';
import { mayViewQuality } from './quality.policy.js';
import type { QualityRepository } from './quality.repository.js';
import { storageHayQualityFromRollup } from './storageHayQualityFromRollup.js';

type StorageRow = NonNullable<Awaited<ReturnType<StorageRepository['findById']>>>;

const MAX_SPAN_S = QUALITY_PERIOD_MAX_DAYS * 86_400;
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function noSuchStorage(): ApiError {
  // Alike for a storage that does not exist and one of another account, as the storages feature.
  return ApiError.forbidden('You do not have access to this storage.');
}

function parsed<T>(json: string | null): T | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}

/** The parts of an account's service the access rule reads (the users feature stores it as JSON). */
function serviceOf(account: UserRow): Pick<Service, 'trial' | 'expDate'> | null {
  const s = parsed<Partial<Service>>(account.service_json);
  return s ? { trial: s.trial ?? 0, expDate: s.expDate ?? null } : null;
}

function hayProbesOf(row: StorageRow): string[] {
  const ids = probesOf({
    sensor_layout: parsed<SensorLayout>(row.sensor_layout),
    stacks: parsed<Stack[]>(row.stacks) ?? [],
  });
  return [...new Set(ids.filter(isHayProbe))].sort();
}

/**
 * Hay quality of storages (spec doc 3 §3, §4 "Quality view", §6, §9; decision 0028). Whoever may see
 * a storage's account sees its quality when the account has a valid paid or trial service (spec doc
 * 3 §6, quality.policy.ts); admins always.
 */
export class QualityService {
  constructor(
    private readonly repo: QualityRepository,
    private readonly access: AccessService,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly storages: Pick<StorageRepository, 'findById' | 'listByOwners'>,
    private readonly nowS: () => number,
  ) {}

  /** GET /client/getQuality: one storage over the asked period, else its own, else the default. */
  async forStorage(actor: Actor, query: GetQualityQuery): Promise<StorageQuality> {
    const row = await this.storages.findById(query.itemID);
    if (!row || !this.access.canSeeAccount(actor, row.owner_user_id)) throw noSuchStorage();
    const account = await this.users.findById(row.owner_user_id);
    if (!account) throw noSuchStorage();
    const now = this.nowS();
    enforce(mayViewQuality(whoIs(actor, account.id), { service: serviceOf(account) }, now));
    const period =
      query.unset !== undefined
        ? resolveQualityPeriod(null, now)
        : query.from === undefined
          ? this.storedPeriod(row, now)
          : this.askedPeriod({ from: query.from, to: query.to ?? null }, now);
    return this.compute(row, account, period, now);
  }

  /** GET /client/getQualityOverview: every storage with hay probes the caller may see quality of. */
  async overview(actor: Actor, uid: number | undefined): Promise<StorageQuality[]> {
    const ownerIds = uid === undefined ? actor.accountIds : [await this.access.accountIdFor(actor, uid)];
    const rows = (await this.storages.listByOwners(ownerIds))
      .filter((r) => hayProbesOf(r).length > 0)
      .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    const now = this.nowS();
    const accounts = new Map<number, UserRow | undefined>();
    const out: StorageQuality[] = [];
    for (const row of rows) {
      if (!accounts.has(row.owner_user_id))
        accounts.set(row.owner_user_id, await this.users.findById(row.owner_user_id));
      const account = accounts.get(row.owner_user_id);
      if (!account) continue;
      if (mayViewQuality(whoIs(actor, account.id), { service: serviceOf(account) }, now) !== true) continue;
      out.push(await this.compute(row, account, this.storedPeriod(row, now), now));
    }
    return out;
  }

  private async compute(
    row: StorageRow,
    account: UserRow,
    period: ResolvedQualityPeriod,
    now: number,
  ): Promise<StorageQuality> {
    return {
      itemID: row.id,
      name: row.name,
      BS_ID: row.bs_id,
      period,
      probes: await storageHayQualityFromRollup(this.repo, hayProbesOf(row), period, now, account.demo === 1),
    };
  }

  /** A period the caller asks for: it starts by now and spans at most QUALITY_PERIOD_MAX_DAYS. */
  private askedPeriod(asked: QualityPeriod, now: number): ResolvedQualityPeriod {
    if (asked.from > now) throw ApiError.invalid('The period starts in the future.', 'from');
    const period = resolveQualityPeriod(asked, now);
    if (period.to - period.from > MAX_SPAN_S)
      throw ApiError.invalid(`The period is at most ${QUALITY_PERIOD_MAX_DAYS} days long.`, 'from');
    return period;
  }

  /** The storage's saved period (or the default); one saved longer than the limit keeps its end. */
  private storedPeriod(row: StorageRow, now: number): ResolvedQualityPeriod {
    const period = resolveQualityPeriod(parsed<QualityPeriod>(row.quality_period), now);
    return period.to - period.from > MAX_SPAN_S ? { ...period, from: period.to - MAX_SPAN_S } : period;
  }
}

import type { Site, SiteInput, SiteName } from '@emberwatch/shared/contracts/sites';
import { checkSitePlan, completeSitePlan } from '@emberwatch/shared/domain/sitePlan';
import { ApiError } from '../../http/ApiError.js';
import type { BaseStationRepository } from '../base-stations/index.js';
import type { AccountStorage } from '../storages/index.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { SiteRepository, SiteRow } from './site.repository.js';

/** The saved plan as stored: everything of SiteInput but the station, which is the row's key. */
type StoredPlan = Omit<SiteInput, 'BS_ID'>;

function noSuchStation(): ApiError {
  // Alike for a station that does not exist and one of another account: no probing for ids.
  return ApiError.forbidden('You do not have access to this base station.');
}

/**
 * Site plans (spec doc 3 §3-§7): one per account and base station. Whoever may see the account sees
 * its plans; changes follow `editSite` (docs/roles.md: owners, grand masters and admins change;
 * masters read only, spec doc 3 §6 "Edit site is for non-master users or grand master"; a sub-user
 * reads only too, issue 28). Every read completes and prunes the entries (spec doc 3 §4). Site names are each
 * caller's own (spec doc 2 §3), for sites it may see.
 */
export class SiteService {
  constructor(
    private readonly repo: SiteRepository,
    private readonly access: AccessService,
    private readonly stations: Pick<BaseStationRepository, 'listByOwners' | 'ownerIdsOf'>,
    private readonly storagesOfAccount: (ownerId: number) => Promise<AccountStorage[]>,
    private readonly nowS: () => number,
  ) {}

  /** GET /client/getSite: one site per station of the account (or the one BS_ID), by station id. */
  async list(actor: Actor, uid: number | undefined, bsId: string | undefined): Promise<Site[]> {
    // A station alone names its account, as UID does (an admin's or a master's call by BS_ID).
    const accountId =
      uid === undefined && bsId !== undefined
        ? await this.access.accountOfStation(actor, bsId)
        : await this.access.accountIdFor(actor, uid);
    let stationIds = (await this.stations.listByOwners([accountId])).map((s) => s.id).sort();
    if (bsId !== undefined) {
      if (!stationIds.includes(bsId)) throw noSuchStation();
      stationIds = [bsId];
    }
    const saved = new Map((await this.repo.listByOwner(accountId)).map((r) => [r.bs_id, r]));
    const storages = await this.storagesOfAccount(accountId);
    return stationIds.map((id) =>
      presentSite(
        accountId,
        id,
        saved.get(id),
        storages.filter((s) => s.bsId === id).map((s) => s.id),
      ),
    );
  }

  /**
   * POST /client/saveSite: replaces the plan of one station of the account. An entry naming a storage
   * that is not the account's — another account's or unknown, alike — refuses the save (403, nothing
   * changed; decision 0073). Entries of the account's storages that are not (or no longer) at this
   * station are dropped, as a read would drop them: a plan loaded before a storage moved is still
   * saved.
   */
  async save(actor: Actor, uid: number | undefined, input: SiteInput): Promise<Site> {
    const accountId = await this.access.accountIdFor(actor, uid);
    const owned = (await this.stations.ownerIdsOf([input.BS_ID])).get(input.BS_ID);
    if (owned !== accountId) throw noSuchStation();
    this.access.assertMayChange(actor, 'editSite');
    const problem = checkSitePlan(input);
    if (problem) throw ApiError.invalid(problem.message, problem.path);

    const storages = await this.storagesOfAccount(accountId);
    const ours = new Set(storages.map((s) => s.id));
    if (input.siteStorages.some((s) => !ours.has(s.id)))
      throw ApiError.forbidden('You do not have access to this storage.');
    const here = new Set(storages.filter((s) => s.bsId === input.BS_ID).map((s) => s.id));
    const plan: StoredPlan = {
      columns: input.columns,
      rows: input.rows,
      showColors: input.showColors,
      labels: input.labels,
      siteStorages: input.siteStorages.filter((s) => here.has(s.id)),
    };
    const row: SiteRow = {
      owner_user_id: accountId,
      bs_id: input.BS_ID,
      plan: JSON.stringify(plan),
      updated_ts: this.nowS(),
      updated_by: actor.user.id,
    };
    await this.repo.upsert(row);
    return presentSite(accountId, input.BS_ID, row, [...here]);
  }

  /** GET /client/getSiteNames: the caller's names of the sites it still sees. */
  async names(actor: Actor): Promise<SiteName[]> {
    const rows = await this.repo.namesOf(actor.user.id);
    return rows
      .filter((r) => this.access.canSeeAccount(actor, r.site_uid))
      .map((r) => ({ siteUID: r.site_uid, BS_ID: r.bs_id, name: r.name }));
  }

  /**
   * POST /client/saveSiteNames: replaces the caller's names. Each names a station of an account the
   * caller sees; one unknown or foreign station refuses the whole list (403, nothing changed).
   */
  async saveNames(actor: Actor, names: readonly SiteName[]): Promise<void> {
    const keys = new Set<string>();
    for (const [i, n] of names.entries()) {
      const key = `${n.siteUID}/${n.BS_ID}`;
      if (keys.has(key)) throw ApiError.invalid(`Site ${n.BS_ID} is named twice.`, `siteNames.${i}`);
      keys.add(key);
    }
    const owners = await this.stations.ownerIdsOf([...new Set(names.map((n) => n.BS_ID))]);
    if (names.some((n) => owners.get(n.BS_ID) !== n.siteUID || !this.access.canSeeAccount(actor, n.siteUID)))
      throw noSuchStation();
    await this.repo.replaceNames(
      actor.user.id,
      names.map((n) => ({ user_id: actor.user.id, site_uid: n.siteUID, bs_id: n.BS_ID, name: n.name })),
    );
  }
}

function presentSite(
  accountId: number,
  bsId: string,
  row: SiteRow | undefined,
  storageIds: readonly number[],
): Site {
  const saved = row ? { ...(JSON.parse(row.plan) as StoredPlan), BS_ID: bsId } : null;
  const { site, generated } = completeSitePlan(saved, bsId, storageIds);
  return { ...site, UID: accountId, generated, updated_ts: row?.updated_ts ?? null };
}

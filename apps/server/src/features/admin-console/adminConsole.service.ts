import type {
  AdminBasestationsResponse,
  ConsoleInfoResponse,
  FindSystemBy,
  FindSystemResponse,
  StationOwner,
} from '@emberwatch/shared/contracts/adminConsole';
import {
  KEYS_BY,
  pageOfMatches,
  personName,
  systemFamilyOf,
  type RankedMatch,
  type SearchKey,
  type SystemFamily,
} from '@emberwatch/shared/domain/adminConsole';
import { staffLevelOf } from '@emberwatch/shared/domain/operatorTools';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type {
  AdminConsoleRepository,
  MatchRow,
  StationWithOwner,
  TextKey,
} from './adminConsole.repository.js';

/** Contains-matches (anywhere in the text) from this many characters; shorter searches match starts. */
export const CONTAINS_FROM_CHARS = 3;

function ranked(key: SearchKey, row: MatchRow): RankedMatch & { row: MatchRow } {
  return {
    bsId: row.bs_id,
    key,
    value: row.value,
    quality: Math.min(2, Math.max(0, row.quality)) as RankedMatch['quality'],
    row,
  };
}

function ownerOf(r: StationWithOwner): StationOwner {
  return {
    UID: r.owner_id,
    username: r.owner_username,
    name: personName(r.owner_firstname, r.owner_lastname),
  };
}

/**
 * The admin bar and its station picker (spec doc 1 §2 "Admin bar", §7 Admin GET basestations and
 * findSystem; decision 0088): staff only, every station of every account.
 */
export class AdminConsoleService {
  constructor(
    private readonly repo: AdminConsoleRepository,
    private readonly environment: ConsoleInfoResponse['environment'],
  ) {}

  consoleInfo(actor: Actor): ConsoleInfoResponse {
    assertOperator(actor, 'adminBar');
    return {
      status_code: 0,
      environment: this.environment,
      staffLevel: staffLevelOf(actor.user.admin_group),
    };
  }

  /** GET /admin/basestations: a page of every station, by id, with its owner and probe count. */
  async stations(
    actor: Actor,
    q: { family?: SystemFamily | undefined; q?: string | undefined; limit: number; offset: number },
  ): Promise<AdminBasestationsResponse> {
    assertOperator(actor, 'stationSearch');
    const { rows, total } = await this.repo.listStations({
      family: q.family,
      text: q.q || undefined,
      limit: q.limit,
      offset: q.offset,
    });
    const counts = await this.repo.probeCounts(rows.map((r) => r.bs_id));
    return {
      status_code: 0,
      results: rows.map((r) => ({
        bs_id: r.bs_id,
        display_name: r.display_name,
        family: systemFamilyOf(r.owner_partner_app),
        owner: ownerOf(r),
        probeCount: counts.get(r.bs_id) ?? 0,
        last_data_ts: r.last_data_ts === null ? null : Number(r.last_data_ts),
      })),
      total,
      limit: q.limit,
      offset: q.offset,
    };
  }

  /**
   * GET /admin/findSystem: the matches of the text on every key asked, best first. The station and
   * user keys together and the probes each give their best `offset + limit + 1`, so their merge holds
   * the page and tells whether more follow.
   */
  async find(
    actor: Actor,
    q: { q: string; by: FindSystemBy; family?: SystemFamily | undefined; limit: number; offset: number },
  ): Promise<FindSystemResponse> {
    assertOperator(actor, 'stationSearch');
    const wanted = q.offset + q.limit + 1;
    const keys: readonly SearchKey[] = KEYS_BY[q.by];
    const search = {
      text: q.q,
      contains: q.q.length >= CONTAINS_FROM_CHARS,
      family: q.family,
      limit: wanted,
    };
    const textKeys = keys.filter((k): k is TextKey => k !== 'probe');
    // The station and user keys in one statement over the search terms, the probes by their index;
    // one after the other (SQLite runs one statement at a time anyway, PostgreSQL's pool is left to
    // the other requests).
    const perKey: (RankedMatch & { row: MatchRow })[][] = [];
    if (textKeys.length > 0) {
      const rows = await this.repo.searchTerms({ ...search, keys: textKeys });
      perKey.push(rows.map((row) => ranked(row.key, row)));
    }
    if (keys.includes('probe')) {
      const rows = await this.repo.searchProbes(search);
      perKey.push(rows.map((row) => ranked('probe', row)));
    }
    const { page, more } = pageOfMatches(perKey, q.offset, q.limit);
    return {
      status_code: 0,
      results: page.map((m) => ({
        bs_id: m.bsId,
        display_name: m.row.display_name,
        family: systemFamilyOf(m.row.owner_partner_app),
        owner: ownerOf(m.row),
        matched: { key: m.key, value: m.value },
      })),
      more,
    };
  }
}

import { timingSafeEqual } from 'node:crypto';
import type {
  GetSimResponse,
  Sim,
  SimCheck,
  SimImportLine,
  StoreSimsResponse,
  ValidityEntry,
} from '@emberwatch/shared/contracts/sims';
import {
  exportDateOf,
  iccidProblem,
  ICCID_MESSAGES,
  normalizeIccid,
  parseSimCsv,
  SIM_CSV_MESSAGES,
  simStatusOf,
  simTransition,
  type SimStatus,
} from '@emberwatch/shared/domain/sims';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import { auditActedFor, auditChanged } from '../../http/audit.js';
import type { SimOperator, SimOperatorError } from './simOperatorClient.js';
import type { SimFields, SimJoined, SimsRepository } from './sims.repository.js';

const DAY = 86_400;

/** A call naming a SIM or a station names exactly one of them. */
function oneOf(q: { SIM?: string; BS_ID?: string }): void {
  if ((q.SIM === undefined) === (q.BS_ID === undefined)) throw ApiError.invalid('Give either SIM or BS_ID.');
}

function present(r: SimJoined): Sim {
  return {
    iccid: r.iccid,
    msisdn: r.msisdn,
    imsi: r.imsi,
    status: r.status,
    status_ts: r.status_ts,
    // A card in a station ends with the station's subscription (what customers renew); a spare card
    // with its own date at the operator (decision 0092).
    exp_ts: r.bs_id !== null ? r.station_exp_ts : r.exp_ts,
    bs_id: r.bs_id,
    display_name: r.display_name,
    owner: r.owner_uid === null ? null : { uid: r.owner_uid, username: r.owner_username },
  };
}

function isOperatorError(err: unknown): err is SimOperatorError {
  return err instanceof Error && err.name === 'SimOperatorError';
}

/** The operator's failure as the console's answer: nothing was changed here. */
function operatorFailure(err: unknown): never {
  if (!isOperatorError(err)) throw err;
  if (err.kind === 'refused') throw new ApiError(409, `${err.message} Nothing was changed.`);
  throw new ApiError(502, `${err.message} Nothing was changed; try again later.`);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The SIM cards (issue 30 items 3, 5, 6; decision 0092). Reads are the `sims` operator tool (every
 * staff level), changes `simChanges` (Root, Admin, Tech), the overview `validityOverview`. A change the
 * operator must make (a status, an expiry) is asked of the operator first and stored only when it
 * said yes: when it fails, nothing is changed here either.
 */
export class SimsService {
  constructor(
    private readonly repo: SimsRepository,
    private readonly operator: SimOperator,
    private readonly callbackSecret: string | undefined,
    private readonly nowS: () => number,
  ) {}

  async getSim(actor: Actor, q: { SIM?: string; BS_ID?: string }): Promise<GetSimResponse> {
    assertOperator(actor, 'sims');
    oneOf(q);
    let row: SimJoined | undefined;
    let iccid: string | undefined = q.SIM;
    if (q.BS_ID !== undefined) {
      const station = await this.repo.station(q.BS_ID);
      if (!station) throw ApiError.notFound(`No base station ${q.BS_ID}.`);
      auditActedFor(station.owner_user_id, station.id);
      if (station.sim === null) return { status_code: 0, sim: null, operator: null, operator_error: null };
      iccid = station.sim;
      row = await this.repo.sim(iccid);
      // A station's SIM set before the console kept cards: Active, the spec's default, since unknown.
      row ??= {
        iccid,
        msisdn: null,
        imsi: null,
        status: 'Active',
        status_ts: null,
        exp_ts: null,
        bs_id: station.id,
        display_name: station.display_name,
        station_exp_ts: station.sim_exp_ts,
        owner_uid: station.owner_user_id,
        owner_username: station.owner_username,
      };
    } else {
      row = await this.repo.sim(iccid!);
      if (!row) throw ApiError.notFound(`No SIM ${iccid} in the database.`);
      if (row.owner_uid !== null && row.bs_id !== null) auditActedFor(row.owner_uid, row.bs_id);
    }
    try {
      const card = await this.operator.card(row.iccid);
      return {
        status_code: 0,
        sim: present(row),
        operator: card ? { status: card.status, exp_ts: card.exp_ts } : { status: null, exp_ts: null },
        operator_error: null,
      };
    } catch (err) {
      if (!isOperatorError(err)) throw err;
      return { status_code: 0, sim: present(row), operator: null, operator_error: err.message };
    }
  }

  async list(
    actor: Actor,
    q: { status?: SimStatus; expiring?: number; unassigned?: '0' | '1' },
  ): Promise<Sim[]> {
    assertOperator(actor, 'sims');
    const rows = await this.repo.list({
      status: q.status,
      unassigned: q.unassigned === '1',
      expiresBefore: q.expiring === undefined ? undefined : this.nowS() + q.expiring * DAY,
    });
    return rows.map(present);
  }

  async check(
    actor: Actor,
    body: { sims: string[] },
  ): Promise<{ results: SimCheck[]; operator_error: string | null }> {
    assertOperator(actor, 'sims');
    const inputs = body.sims.map((input) => ({ input, iccid: normalizeIccid(input.trim()) }));
    const valid = [...new Set(inputs.filter((i) => iccidProblem(i.iccid) === null).map((i) => i.iccid))];
    const known = new Map((await this.repo.simsIn(valid)).map((r) => [r.iccid, r]));
    let atOperator: Map<string, SimStatus | null> | null = null;
    let operatorError: string | null = null;
    try {
      atOperator = new Map((await this.operator.cards(valid)).map((c) => [c.iccid, c.status]));
    } catch (err) {
      if (!isOperatorError(err)) throw err;
      operatorError = err.message;
    }
    const results = inputs.map(({ input, iccid }): SimCheck => {
      const problem = iccidProblem(iccid);
      const row = problem ? undefined : known.get(iccid);
      return {
        input,
        iccid,
        problem: problem ? ICCID_MESSAGES[problem] : null,
        known: row !== undefined,
        status: row?.status ?? null,
        bs_id: row?.bs_id ?? null,
        owner: row?.owner_uid ? { uid: row.owner_uid, username: row.owner_username } : null,
        operator_status: problem ? null : (atOperator?.get(iccid) ?? null),
        at_operator: problem ? false : atOperator ? atOperator.has(iccid) : null,
      };
    });
    return { results, operator_error: operatorError };
  }

  /**
   * The operator's CSV export, stored in one transaction: a new card is added, a known one updated
   * where the file differs — its status only when the file's is newer than the one stored (a callback
   * may have come after the export) — and a line the rules refuse is reported and skipped. The same
   * file again changes nothing.
   */
  async store(actor: Actor, body: { csv: string }): Promise<Omit<StoreSimsResponse, 'status_code'>> {
    assertOperator(actor, 'simChanges');
    const parsed = parseSimCsv(body.csv);
    if (!parsed.ok)
      throw ApiError.invalid(
        parsed.error === 'empty'
          ? 'The file is empty.'
          : 'The file’s first line names no ICCID column: is it the operator’s CSV export?',
      );
    if (parsed.lines.length === 0) throw ApiError.invalid('The file has a header but no SIM.');
    const nowS = this.nowS();
    const results: SimImportLine[] = [];
    await this.repo.db.transaction().execute(async (trx) => {
      const rows = parsed.lines.flatMap((l) => (l.ok ? [l.row] : []));
      const stored = new Map(
        (
          await this.repo.cardsIn(
            rows.map((r) => r.iccid),
            trx,
          )
        ).map((c) => [c.iccid, c]),
      );
      for (const l of parsed.lines) {
        if (!l.ok) {
          results.push({
            line: l.line,
            iccid: l.iccid,
            result: 'refused',
            error: l.error,
            message: SIM_CSV_MESSAGES[l.error],
          });
          continue;
        }
        const r = l.row;
        const card: SimFields = {
          iccid: r.iccid,
          msisdn: r.msisdn,
          imsi: r.imsi,
          status: r.status,
          status_ts: r.status_ts,
          exp_ts: r.exp_ts,
        };
        const before = stored.get(r.iccid);
        if (!before) {
          await this.repo.insertCard(trx, card, nowS);
          results.push({ line: r.line, iccid: r.iccid, result: 'added', error: null, message: null });
          continue;
        }
        const set: Partial<SimFields> = {};
        if (r.msisdn !== null && r.msisdn !== before.msisdn) set.msisdn = r.msisdn;
        if (r.imsi !== null && r.imsi !== before.imsi) set.imsi = r.imsi;
        if (r.exp_ts !== null && r.exp_ts !== before.exp_ts) set.exp_ts = r.exp_ts;
        const newer = before.status_ts === null || (r.status_ts !== null && r.status_ts > before.status_ts);
        if (r.status !== before.status && newer) {
          set.status = r.status;
          set.status_ts = r.status_ts ?? nowS;
        }
        if (Object.keys(set).length === 0) {
          results.push({ line: r.line, iccid: r.iccid, result: 'unchanged', error: null, message: null });
          continue;
        }
        await this.repo.updateCard(trx, r.iccid, set, nowS);
        results.push({ line: r.line, iccid: r.iccid, result: 'updated', error: null, message: null });
      }
    });
    const count = (k: SimImportLine['result']) => results.filter((r) => r.result === k).length;
    auditChanged('SIM import', null, {
      added: count('added'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      refused: count('refused'),
    });
    return {
      results,
      added: count('added'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      refused: count('refused'),
    };
  }

  /**
   * Spec doc 2 §7 "Save SIM (BS_ID, SIM, SIMstatus)": the station's card and its status. A new status
   * is asked of the operator first; a card the operator does not know cannot be given one. An empty
   * SIM takes the card out of the station (the card keeps its status).
   */
  async setBsSim(
    actor: Actor,
    body: { BS_ID: string; SIM: string; SIMstatus: SimStatus },
  ): Promise<Sim | null> {
    assertOperator(actor, 'simChanges');
    const station = await this.repo.station(body.BS_ID);
    if (!station) throw ApiError.notFound(`No base station ${body.BS_ID}.`);
    auditActedFor(station.owner_user_id, station.id);
    const nowS = this.nowS();
    if (body.SIM === '') {
      if (station.sim !== null) {
        await this.repo.setStationSim(this.repo.db, station.id, null);
        auditChanged(
          'station SIM',
          { bs_id: station.id, sim: station.sim },
          { bs_id: station.id, sim: null },
        );
      }
      return null;
    }
    const iccid = body.SIM;
    const holders = (await this.repo.stationsWith(iccid)).filter((id) => id !== station.id);
    if (holders.length > 0)
      throw new ApiError(409, `SIM ${iccid} is in base station ${holders[0]}: take it out there first.`);
    const before = await this.repo.sim(iccid);
    const current: SimStatus = before?.status ?? 'Active';
    const refusal = before ? simTransition(current, body.SIMstatus) : null;
    if (refusal === 'terminated')
      throw new ApiError(409, `SIM ${iccid} is terminated: a terminated SIM cannot be used again.`);

    // The operator's word on the card: it must know it, and a new status is its to make.
    let card;
    try {
      card = await this.operator.card(iccid);
      if (!card) throw new ApiError(409, `The SIM operator does not know SIM ${iccid}: check the number.`);
      if (card.status === 'Terminated' && body.SIMstatus !== 'Terminated')
        throw new ApiError(409, `SIM ${iccid} is terminated at the operator: it cannot be used again.`);
      if (card.status !== body.SIMstatus) card = await this.operator.setStatus(iccid, body.SIMstatus);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      operatorFailure(err);
    }
    const status = card.status ?? body.SIMstatus;
    const statusTs = status === before?.status ? before.status_ts : (card.status_ts ?? nowS);
    await this.repo.db.transaction().execute(async (trx) => {
      const fields = {
        msisdn: card.msisdn ?? before?.msisdn ?? null,
        imsi: card.imsi ?? before?.imsi ?? null,
        status,
        status_ts: statusTs,
        exp_ts: card.exp_ts ?? before?.exp_ts ?? null,
      };
      if (before) await this.repo.updateCard(trx, iccid, fields, nowS);
      else await this.repo.insertCard(trx, { iccid, ...fields }, nowS);
      if (station.sim !== iccid) await this.repo.setStationSim(trx, station.id, iccid);
    });
    auditChanged(
      'station SIM',
      { bs_id: station.id, sim: station.sim, status: before?.status ?? null },
      { bs_id: station.id, sim: iccid, status },
    );
    return present((await this.repo.sim(iccid))!);
  }

  /**
   * When a card's (or a station's) subscription ends: the station's sim_exp_ts (what customers renew)
   * and the card's date at the operator, told to the operator first. A station without a card has
   * only its own date.
   */
  async setExpiration(
    actor: Actor,
    body: { SIM?: string; BS_ID?: string; exp_ts: number | null },
  ): Promise<{ bs_id: string | null; sim: Sim | null }> {
    assertOperator(actor, 'simChanges');
    oneOf(body);
    let bsId: string | null = null;
    let iccid: string | null = null;
    if (body.BS_ID !== undefined) {
      const station = await this.repo.station(body.BS_ID);
      if (!station) throw ApiError.notFound(`No base station ${body.BS_ID}.`);
      auditActedFor(station.owner_user_id, station.id);
      bsId = station.id;
      iccid = station.sim;
    } else {
      iccid = body.SIM!;
      const row = await this.repo.sim(iccid);
      if (!row) throw ApiError.notFound(`No SIM ${iccid} in the database.`);
      bsId = row.bs_id;
      if (row.owner_uid !== null && row.bs_id !== null) auditActedFor(row.owner_uid, row.bs_id);
    }
    const before = iccid ? await this.repo.sim(iccid) : undefined;
    const stationBefore = bsId ? await this.repo.station(bsId) : undefined;
    if (iccid) {
      try {
        await this.operator.setExpiry(iccid, body.exp_ts);
      } catch (err) {
        operatorFailure(err);
      }
    }
    const nowS = this.nowS();
    await this.repo.db.transaction().execute(async (trx) => {
      if (bsId) await this.repo.setStationExpiry(trx, bsId, body.exp_ts);
      if (iccid) {
        if (before) await this.repo.updateCard(trx, iccid, { exp_ts: body.exp_ts }, nowS);
        else
          await this.repo.insertCard(
            trx,
            { iccid, msisdn: null, imsi: null, status: 'Active', status_ts: null, exp_ts: body.exp_ts },
            nowS,
          );
      }
    });
    auditChanged(
      'SIM expiry',
      { bs_id: bsId, sim: iccid, exp_ts: stationBefore?.sim_exp_ts ?? before?.exp_ts ?? null },
      { bs_id: bsId, sim: iccid, exp_ts: body.exp_ts },
    );
    return { bs_id: bsId, sim: iccid ? present((await this.repo.sim(iccid))!) : null };
  }

  /**
   * The operator's callback (POST /telia/API): a card's state changed there. Authenticated by the
   * shared secret alone (X-Callback-Secret), compared in constant time; no secret configured refuses
   * every callback. An unknown card or a state older than the one stored changes nothing (200, so the
   * operator does not retry it); a state we have no word for is refused (400).
   */
  async operatorEvent(
    secret: string | undefined,
    event: { iccid: string; state: string; changedAt: string },
  ): Promise<boolean> {
    if (secret === undefined || secret === '')
      throw ApiError.unauthenticated('The callback secret is missing.');
    if (!this.callbackSecret || !sameSecret(secret, this.callbackSecret))
      throw ApiError.forbidden('The callback secret is wrong.');
    const status = simStatusOf(event.state);
    if (!status) throw ApiError.invalid(`Unknown SIM state ${event.state.slice(0, 20)}.`);
    const at = exportDateOf(event.changedAt);
    if (at === undefined) throw ApiError.invalid('changedAt is not an ISO 8601 time.');
    const iccid = normalizeIccid(event.iccid);
    const card = (await this.repo.cardsIn([iccid]))[0];
    if (!card) return false;
    if (card.status === status || (card.status_ts !== null && card.status_ts > at)) return false;
    await this.repo.updateCard(this.repo.db, iccid, { status, status_ts: at }, this.nowS());
    return true;
  }

  /**
   * Plans and SIMs about to expire (GET getValidityOverview): every station whose owner's plan or
   * whose SIM subscription ends within `days` days, or ended within as many, soonest first.
   */
  async validity(
    actor: Actor,
    q: { days: number },
  ): Promise<{ from_ts: number; to_ts: number; results: ValidityEntry[] }> {
    assertOperator(actor, 'validityOverview');
    const now = this.nowS();
    const from = now - q.days * DAY;
    const to = now + q.days * DAY;
    const [plans, sims] = await Promise.all([
      this.repo.plansEnding(from, to),
      this.repo.simsEnding(from, to),
    ]);
    const results: ValidityEntry[] = [
      ...plans.map((p) => ({
        kind: 'plan' as const,
        bs_id: p.bs_id,
        display_name: p.display_name,
        owner: { uid: p.owner_uid, username: p.owner_username },
        plan_name: p.plan_name,
        sim: null,
        exp_ts: p.exp_ts!,
        expired: p.exp_ts! < now,
      })),
      ...sims.map((s) => ({
        kind: 'sim' as const,
        bs_id: s.bs_id,
        display_name: s.display_name,
        owner: { uid: s.owner_uid, username: s.owner_username },
        plan_name: null,
        sim: s.sim,
        exp_ts: s.exp_ts!,
        expired: s.exp_ts! < now,
      })),
    ].sort((a, b) => a.exp_ts - b.exp_ts || a.bs_id.localeCompare(b.bs_id) || a.kind.localeCompare(b.kind));
    return { from_ts: from, to_ts: to, results };
  }
}

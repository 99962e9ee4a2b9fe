import {
  DIAGNOSTICS_LIMIT,
  type AccessLogEntry,
  type AccessLogsResponse,
  type BsRegistration,
  type ProbeRegistration,
  type ServerLogsResponse,
  type SysOpListResponse,
  type TestStation,
} from '@emberwatch/shared/contracts/diagnostics';
import { LOG_LEVELS, splitAuxData, type LogLevelName } from '@emberwatch/shared/domain/serverLogs';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type { AccessLogFilter, DiagnosticsRepository } from './diagnostics.repository.js';

const DAY_S = 86_400;

/** What the service flushes before it reads: the stores' writers of this instance. */
export interface Flushable {
  flush(): Promise<void>;
}

function range(nowS: number, startTS: number | undefined, endTS: number | undefined): [number, number] {
  const to = endTS ?? nowS;
  return [startTS ?? to - DAY_S, to];
}

/** A status filter: `404` exactly, `4xx` the class. */
export function statusRange(status: string | undefined): [number, number] | undefined {
  if (status === undefined) return undefined;
  if (status.endsWith('xx')) {
    const c = Number(status[0]) * 100;
    return [c, c + 99];
  }
  return [Number(status), Number(status)];
}

function kitProbes(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list)
      ? list.flatMap((p) =>
          typeof p === 'object' && p !== null && typeof (p as { sensor_id?: unknown }).sensor_id === 'string'
            ? [(p as { sensor_id: string }).sensor_id]
            : [],
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The operator console's diagnostics (decision 0095). Two operator tools: `serverDiagnostics` (the
 * servers' log, the access log, the jobs, the Gari calls: Root, Admin and Tech — they show who
 * called from where and the servers' inner workings) and `registrations` (the registered ids and
 * the stations' factory tests: every staff level, Sales answers customers about their kits). Each
 * read writes this instance's recorded entries first.
 */
export class DiagnosticsService {
  constructor(
    private readonly repo: DiagnosticsRepository,
    private readonly writers: { logs: Flushable; access: Flushable; tests: Flushable },
    private readonly self: { server: string; env: string },
    private readonly jobs: { list(): SysOpListResponse['results']; since: number; scheduled: boolean },
    private readonly nowS: () => number,
  ) {}

  async serverLogs(
    actor: Actor,
    q: {
      server: string;
      env?: string;
      timeFilter?: [number, number];
      showAux: boolean;
      level: LogLevelName;
    },
  ): Promise<ServerLogsResponse> {
    assertOperator(actor, 'serverDiagnostics');
    await this.writers.logs.flush();
    const [fromTs, toTs] = q.timeFilter ?? range(this.nowS(), undefined, undefined);
    const [rows, servers] = await Promise.all([
      this.repo.serverLogs({
        fromTs,
        toTs,
        server: q.server === 'all' ? undefined : q.server,
        env: q.env,
        minLevel: LOG_LEVELS[q.level],
        limit: DIAGNOSTICS_LIMIT + 1,
      }),
      this.repo.servers(),
    ]);
    const lines = rows.slice(0, DIAGNOSTICS_LIMIT).map((r) => ({
      id: Number(r.id),
      ts: Number(r.ts),
      ms: r.ms,
      server: r.server,
      env: r.env,
      level: r.level,
      msg: r.msg,
      line: r.line,
    }));
    const { results, nAux } = splitAuxData(lines, q.showAux);
    return {
      status_code: 0,
      from_ts: fromTs,
      to_ts: toTs,
      results,
      nAux,
      truncated: rows.length > DIAGNOSTICS_LIMIT,
      servers: servers.map((s) => ({
        ...s,
        current: s.server === this.self.server && s.env === this.self.env,
      })),
    };
  }

  async accessLogs(
    actor: Actor,
    q: {
      startTS?: number;
      endTS?: number;
      method?: string;
      status?: string;
      path?: string;
      user?: number;
      ip?: string;
    },
  ): Promise<AccessLogsResponse> {
    assertOperator(actor, 'serverDiagnostics');
    const [fromTs, toTs] = range(this.nowS(), q.startTS, q.endTS);
    const { results, truncated } = await this.access({
      fromTs,
      toTs,
      method: q.method,
      status: statusRange(q.status),
      path: q.path,
      userId: q.user,
      ip: q.ip,
    });
    return { status_code: 0, from_ts: fromTs, to_ts: toTs, results, truncated };
  }

  /**
   * The older Gari system's calls (spec doc 1 §7 getGariCallLog, decision 0095): Emberwatch calls
   * nothing of the Gari system; the Gari system's users reach Emberwatch through its API, marked as
   * the Gari family (their partner app). Their calls are what this log shows.
   */
  async gariCalls(actor: Actor, q: { startTS?: number; endTS?: number }) {
    assertOperator(actor, 'serverDiagnostics');
    const [fromTs, toTs] = range(this.nowS(), q.startTS, q.endTS);
    return this.access({ fromTs, toTs, family: 'gari' });
  }

  private async access(f: AccessLogFilter): Promise<{ results: AccessLogEntry[]; truncated: boolean }> {
    await this.writers.access.flush();
    const rows = await this.repo.accessLogs(f, DIAGNOSTICS_LIMIT + 1);
    return {
      truncated: rows.length > DIAGNOSTICS_LIMIT,
      results: rows.slice(0, DIAGNOSTICS_LIMIT).map((r) => ({
        id: Number(r.id),
        ts: Number(r.ts),
        server: r.server,
        method: r.method,
        path: r.path,
        route: r.route,
        status: r.status,
        duration_ms: r.duration_us / 1000,
        user_id: r.user_id,
        username: r.username,
        family: r.family,
        ip: r.ip,
      })),
    };
  }

  sysOps(actor: Actor): SysOpListResponse {
    assertOperator(actor, 'serverDiagnostics');
    return {
      status_code: 0,
      server: this.self.server,
      started_ms: this.jobs.since,
      scheduled: this.jobs.scheduled,
      results: this.jobs.list(),
    };
  }

  /**
   * The stations' factory tests (spec /test_, decision 0095): stations registered as kits and not yet
   * activated that called in over the last `hours`, with their calls and each probe's latest test
   * reading.
   */
  async testData(
    actor: Actor,
    q: { hours: number },
  ): Promise<{ results: TestStation[]; truncated: boolean }> {
    assertOperator(actor, 'registrations');
    await this.writers.tests.flush();
    const rows = await this.repo.testStations(this.nowS() - q.hours * 3600, DIAGNOSTICS_LIMIT + 1);
    const shown = rows.slice(0, DIAGNOSTICS_LIMIT);
    const [last, readings] = await Promise.all([
      this.repo.callsById(shown.map((r) => Number(r.last_id))),
      this.repo.testReadingsOf(shown.map((r) => r.bs_id)),
    ]);
    const lastById = new Map(last.map((c) => [Number(c.id), c]));
    const probesOf = new Map<string, TestStation['probes']>();
    for (const r of readings) {
      const list = probesOf.get(r.bs_id) ?? [];
      list.push({
        sensor_id: r.sensor_id,
        meas_ts: Number(r.meas_ts),
        temperature: r.temperature,
        sensor_rssi: r.sensor_rssi,
        batt: r.batt,
        received_ts: Number(r.received_ts),
      });
      probesOf.set(r.bs_id, list);
    }
    return {
      truncated: rows.length > DIAGNOSTICS_LIMIT,
      results: shown.map((r) => {
        const call = lastById.get(Number(r.last_id));
        return {
          bs_id: r.bs_id,
          registered_ts: Number(r.registered_ts),
          partner_app: r.partner_app ?? null,
          calls: Number(r.calls),
          data_calls: Number(r.data_calls ?? 0),
          readings: Number(r.readings ?? 0),
          first_ts: Number(r.first_ts),
          last_ts: Number(r.last_ts),
          last_kind: call?.kind ?? 'other',
          last_status: call?.status ?? 0,
          probes: probesOf.get(r.bs_id) ?? [],
        };
      }),
    };
  }

  async bsRegistrations(
    actor: Actor,
    q: { state: 'all' | 'open' | 'activated'; q?: string },
  ): Promise<{ results: BsRegistration[]; truncated: boolean }> {
    assertOperator(actor, 'registrations');
    const rows = await this.repo.bsRegistrations(q.state, q.q, DIAGNOSTICS_LIMIT + 1);
    return {
      truncated: rows.length > DIAGNOSTICS_LIMIT,
      results: rows.slice(0, DIAGNOSTICS_LIMIT).map((r) => ({
        bs_id: r.bs_id as string,
        registered_ts: Number(r.created_ts),
        partner_app: r.partner_app,
        activated_ts: r.claimed_ts === null ? null : Number(r.claimed_ts),
        owner:
          r.claimed_user_id === null || r.username === null
            ? null
            : { UID: r.claimed_user_id, username: r.username },
        last_data_ts: r.last_data_ts === null ? null : Number(r.last_data_ts),
      })),
    };
  }

  async probeRegistrations(
    actor: Actor,
    q: { state: 'all' | 'open' | 'activated'; q?: string },
  ): Promise<{ results: ProbeRegistration[]; truncated: boolean }> {
    assertOperator(actor, 'registrations');
    const rows = await this.repo.probeRegistrations(q.state, q.q, DIAGNOSTICS_LIMIT + 1);
    return {
      truncated: rows.length > DIAGNOSTICS_LIMIT,
      results: rows.slice(0, DIAGNOSTICS_LIMIT).map((r) => ({
        set_id: r.set_id as string,
        probes: kitProbes(r.probes),
        registered_ts: Number(r.created_ts),
        activated_ts: r.claimed_ts === null ? null : Number(r.claimed_ts),
        bs_id: r.claimed_bs_id,
        owner:
          r.claimed_user_id === null || r.username === null
            ? null
            : { UID: r.claimed_user_id, username: r.username },
      })),
    };
  }
}

import {
  BS_LOGS_LIMIT,
  EARLY_CALLS_LIMIT,
  MAX_LOGGED_STATIONS,
  type BsCommDataResponse,
  type BsLogsResponse,
  type EarlyCall,
  type LoggedStation,
  type MobileLogEntry,
  type StationCall,
} from '@emberwatch/shared/contracts/stationLogs';
import { bucketCalls, trafficWindow, type TrafficWindowH } from '@emberwatch/shared/domain/stationTraffic';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type { CallRecorder } from './callRecorder.js';
import type { StationCallRow, StationLogsRepository } from './stationLogs.repository.js';

function present(row: StationCallRow): StationCall {
  return {
    id: row.id,
    bs_id: row.bs_id,
    ts: row.ts,
    kind: row.kind,
    status: row.status,
    bytes_up: row.bytes_up,
    duration_ms: row.duration_us / 1000,
    readings: row.readings,
    operator: row.operator,
    net: row.net,
    mobile_rssi: row.mobile_rssi,
    detail: row.detail,
  };
}

/**
 * The operator console's views of the stations' calls (decision 0090). Every call is an operator
 * tool: `stationLogs` to read (every staff level), `stationLogging` to switch a station's detailed
 * logging (Root, Admin, Tech). Each read writes this instance's recorded calls first, so it shows the
 * call made a moment ago. Any station id may be asked for: the calls of ids nobody registered are
 * what the early-calls list is about.
 */
export class StationLogsService {
  constructor(
    private readonly repo: StationLogsRepository,
    private readonly recorder: CallRecorder,
    private readonly nowS: () => number,
  ) {}

  async traffic(
    actor: Actor,
    q: { bs: string; offset: number; window: number },
  ): Promise<BsCommDataResponse> {
    assertOperator(actor, 'stationLogs');
    await this.recorder.flush();
    // The contract admits only the spec's windows.
    const window = trafficWindow(this.nowS(), q.offset, q.window as TrafficWindowH);
    const [calls, station] = await Promise.all([
      this.repo.trafficCalls(q.bs, window.fromTs, window.toTs),
      this.repo.station(q.bs),
    ]);
    return {
      status_code: 0,
      from_ts: window.fromTs,
      to_ts: window.toTs,
      bucket_s: window.bucketS,
      data: bucketCalls(calls, window),
      last_boot_ts: station?.last_boot_ts ?? null,
      last_conf_ts: station?.last_conf_ts ?? null,
      last_data_ts: station?.last_data_ts ?? null,
    };
  }

  async mobileLog(actor: Actor, q: { BS_ID: string; limit: number }): Promise<MobileLogEntry[]> {
    assertOperator(actor, 'stationLogs');
    await this.recorder.flush();
    const rows = await this.repo.mobileLog(q.BS_ID, q.limit);
    return rows.map((r) => ({
      ts: r.ts,
      operator: r.operator ?? '',
      net: r.net ?? '',
      mobile_rssi: r.mobile_rssi ?? 0,
    }));
  }

  async logs(
    actor: Actor,
    q: { basestationID: string; offset: number; hours: number; getTS: '0' | '1' },
  ): Promise<BsLogsResponse> {
    assertOperator(actor, 'stationLogs');
    await this.recorder.flush();
    const toTs = this.nowS() - q.offset * 3600 + 1;
    const fromTs = toTs - q.hours * 3600;
    const [rows, detailed, timestamps] = await Promise.all([
      this.repo.callsBetween(q.basestationID, fromTs, toTs, BS_LOGS_LIMIT),
      this.repo.isLogged(q.basestationID),
      q.getTS === '1' ? this.times(q.basestationID) : Promise.resolve(null),
    ]);
    return { status_code: 0, from_ts: fromTs, to_ts: toTs, results: rows.map(present), timestamps, detailed };
  }

  private async times(bsId: string): Promise<BsLogsResponse['timestamps']> {
    const [station, lastCall] = await Promise.all([this.repo.station(bsId), this.repo.lastCallTs(bsId)]);
    return {
      registered: station !== undefined,
      activation_ts: station?.activation_ts ?? null,
      last_boot_ts: station?.last_boot_ts ?? null,
      last_conf_ts: station?.last_conf_ts ?? null,
      last_data_ts: station?.last_data_ts ?? null,
      last_call_ts: lastCall,
    };
  }

  async loggingList(actor: Actor): Promise<LoggedStation[]> {
    assertOperator(actor, 'stationLogs');
    return (await this.repo.loggedStations()).map((r) => ({
      bs_id: r.bs_id,
      since_ts: r.since_ts,
      by: r.by,
    }));
  }

  async setLogging(actor: Actor, body: { basestationID: string; logging: boolean }): Promise<boolean> {
    assertOperator(actor, 'stationLogging');
    const ok = await this.repo.setLogging(
      body.basestationID,
      body.logging,
      actor.user.id,
      this.nowS(),
      MAX_LOGGED_STATIONS,
    );
    if (!ok)
      throw new ApiError(
        409,
        `Detailed logging is on for ${MAX_LOGGED_STATIONS} stations already; switch one off first.`,
      );
    this.recorder.setDetailed(body.basestationID, body.logging);
    return body.logging;
  }

  async earlyCalls(actor: Actor, q: { hours: number }): Promise<EarlyCall[]> {
    assertOperator(actor, 'stationLogs');
    await this.recorder.flush();
    const rows = await this.repo.earlyCalls(this.nowS() - q.hours * 3600, EARLY_CALLS_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      bs_id: r.bs_id,
      ts: r.ts,
      kind: r.kind,
      status: r.status,
      bytes_up: r.bytes_up,
      registered: r.station !== null,
    }));
  }
}

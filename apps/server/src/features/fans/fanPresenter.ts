import type { RcEvent } from '@emberwatch/shared/contracts/batches';
import {
  FC_OFFLINE_AFTER_S,
  FC_POLL_S,
  type FcItem,
  type RcSchedulerResponse,
} from '@emberwatch/shared/contracts/fans';
import type { FanState } from '@emberwatch/shared/domain/fans/decideFan';
import type { FcMode } from '@emberwatch/shared/domain/fans/fanDisplay';
import type { OfflineRule } from '@emberwatch/shared/domain/fans/offlineRule';
import type { Selectable } from 'kysely';
import type { ChannelWithController } from './fan.repository.js';
import type { FanEventsTable, FanSchedulersTable } from './fans.tables.js';

/**
 * Offline: marked so by the offline job, never heard from, or silent past the limit — the last, so
 * that a view between two runs of the job does not show a dead controller as online.
 */
export function isControllerOffline(
  c: Pick<ChannelWithController, 'offline' | 'last_poll_ts'>,
  nowS: number,
): boolean {
  return c.offline === 1 || c.last_poll_ts === null || nowS - c.last_poll_ts > FC_OFFLINE_AFTER_S;
}

const bit = (v: number | null): 0 | 1 => (v === 1 ? 1 : 0);

/** One channel as the web reads it (contracts/fans.ts fcItemSchema); the secret never leaves. */
export function presentChannel(ch: ChannelWithController, nowS: number): FcItem {
  const state = JSON.parse(ch.state) as FanState;
  const isOffline = isControllerOffline(ch, nowS);
  return {
    FC_ID: ch.fc_id,
    channel: ch.channel,
    channels: ch.channel_count,
    type: ch.type === 'FC' ? 'FC' : 'RC',
    UID: ch.owner_user_id,
    name: ch.name,
    inUse: ch.in_use,
    use_date: ch.use_ts,
    outdoorID: ch.outdoor_id,
    BS_ID: ch.bs_id,
    batchRef: ch.batch_ref,
    monitorRef: ch.monitor_ref,
    verbose: ch.verbose === 1,
    ruleType: ch.rule_type,
    fc_mode: (ch.fc_mode as FcMode | null) ?? null,
    drive: ch.drive === null ? null : bit(ch.drive),
    command: bit(ch.command),
    rev: ch.rev,
    appliedRev: ch.applied_rev,
    manualCommand: bit(ch.manual_command),
    isManual: ch.is_manual === 1,
    // An outage is "logged" once the offline job has written its line (spec doc 1 §3 newOfflineLogged).
    connectionStatus: { isOffline, newOfflineLogged: isOffline && ch.offline_logged === 1 },
    fc_date: ch.last_poll_ts,
    interval: FC_POLL_S,
    modeChangeTS: ch.mode_change_ts,
    driveChangeTS: ch.drive_change_ts,
    modeCounter: { on: ch.counter_on, off: ch.counter_off },
    driveCounter: [ch.switches],
    ventMode: state.ventMode,
    pending: { offlineRule: JSON.parse(ch.offline_rule) as OfflineRule },
    currentCycleSecs:
      state.currentCycleStarted === null ? ch.cycle_secs : Math.max(0, nowS - state.currentCycleStarted),
    state,
  };
}

/** A line of the RC event log as the calls answer it (rcLogs; the batches' getPhaseRClog alike). */
export function presentRcEvent(e: Selectable<FanEventsTable>): RcEvent {
  let temps: (number | null)[] | null = null;
  try {
    temps = e.temps ? (JSON.parse(e.temps) as (number | null)[]) : null;
  } catch {
    temps = null;
  }
  return {
    ts: e.ts,
    FC_ID: e.fc_id,
    channel: e.channel,
    batchRef: e.batch_ref,
    command: e.command,
    net: e.net,
    fc_mode: e.fc_mode,
    ventMode: e.vent_mode,
    comm: e.comm,
    manual: e.manual === 1,
    dataTs: e.data_ts,
    temps,
    cycle: e.cycle,
    secs: e.secs,
  };
}

const NO_SCHEDULE: [number, number][] = Array.from({ length: 7 }, (): [number, number] => [0, 0]);

/** An RC unit's scheduler, or none (no hours held) when it was never saved. */
export function presentRcScheduler(
  fcId: string,
  row: Selectable<FanSchedulersTable> | undefined,
): RcSchedulerResponse {
  return {
    status_code: 0,
    FC_ID: fcId,
    scheduler: row
      ? {
          schedulerEnabled: row.scheduler_enabled === 1,
          disabledHours: JSON.parse(row.disabled_hours) as [number, number][],
          reverseDisabled: row.reverse_disabled === 1,
        }
      : { schedulerEnabled: false, disabledHours: NO_SCHEDULE, reverseDisabled: false },
    updated_ts: row?.updated_ts ?? null,
  };
}

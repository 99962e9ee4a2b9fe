import type { Insertable } from 'kysely';
import { offlineRuleOf } from '@emberwatch/shared/domain/fans/offlineRule';
import type { ControllerType } from '@emberwatch/shared/domain/kinds/controllerTypes';
import { initialFanState } from './fanDecider.js';
import type { FanChannelsTable, FanControllersTable } from './fans.tables.js';

/** What a new channel starts with beyond "no rule, fan off": a name, and the storage it serves. */
export interface NewChannel {
  name?: string | null;
  /** The storage the channel serves, with the outdoor probe its rules compare against. */
  serves?: { storageId: number; outdoor: { sensorId: string; bsId: string } | null } | null;
  monitorRef?: number | null;
}

/**
 * The rows a newly registered controller is stored as: the controller, and each channel untouched by
 * any decision (no rule, fan off, the offline rule of no rule) until the fans loop decides it. A
 * registration and the demo's seed write the same rows, so a demo fan behaves as a registered one.
 */
export function newControllerRows(c: {
  id: string;
  ownerId: number;
  type: ControllerType;
  name: string | null;
  secretHash: string;
  channels: readonly NewChannel[];
  nowS: number;
}): { controller: Insertable<FanControllersTable>; channels: Insertable<FanChannelsTable>[] } {
  const state = JSON.stringify(initialFanState(c.nowS));
  const offline = JSON.stringify(offlineRuleOf(null, { isManual: false, manualCommand: 0 }));
  return {
    controller: {
      id: c.id,
      owner_user_id: c.ownerId,
      type: c.type,
      channels: c.channels.length,
      name: c.name,
      secret_hash: c.secretHash,
      offline: 0,
      offline_logged: 0,
      created_ts: c.nowS,
    },
    channels: c.channels.map((ch, i) => ({
      fc_id: c.id,
      channel: i + 1,
      name: ch.name ?? null,
      verbose: 0,
      in_use: ch.serves?.storageId ?? null,
      use_ts: ch.serves ? c.nowS : null,
      outdoor_id: ch.serves?.outdoor?.sensorId ?? null,
      bs_id: ch.serves?.outdoor?.bsId ?? null,
      batch_ref: null,
      monitor_ref: ch.monitorRef ?? null,
      is_manual: 0,
      manual_command: 0,
      command: 0,
      rev: 0,
      rule_type: null,
      state,
      offline_rule: offline,
      decided_ts: null,
      fc_mode: null,
      drive: null,
      applied_rev: null,
      mode_change_ts: null,
      drive_change_ts: null,
      counter_on: 0,
      counter_off: 0,
      switches: 0,
      cycle_secs: null,
      updated_ts: c.nowS,
    })),
  };
}

import type { Insertable } from 'kysely';
import type { AlertLogKind } from '@emberwatch/shared/contracts/monitors';
import type { RuleEffect } from '@emberwatch/shared/domain/rules/ruleEffects';
import type { AlertLogTable } from '../../db/schema.js';
import type { AlertEffectsSource } from './monitorEvaluator.js';

export type AlertLogRow = Insertable<AlertLogTable>;

/**
 * The logbook lines of an evaluation's effects (issue 11 item 3): a raise, an end (with its reason),
 * a probe fallen silent or back. A new peak is not a line — it would write one per warmer reading;
 * the alert carries its peak, and its end line the temperature it ended at.
 */
export function alertLogRowsOf(
  source: AlertEffectsSource,
  effects: readonly RuleEffect[],
  nowS: number,
): AlertLogRow[] {
  const base = {
    owner_user_id: source.ownerId,
    monitor_id: source.monitorId,
    rule_id: source.rule.id,
    by_user_id: null,
    created_ts: nowS,
  };
  const detail = (extra: object = {}) => JSON.stringify({ ruleType: source.rule.type, ...extra });
  const rows: AlertLogRow[] = [];
  for (const e of effects) {
    if (e.type === 'raise' || e.type === 'clear') {
      const kind: AlertLogKind = e.type === 'raise' ? 'raised' : e.reason;
      rows.push({
        ...base,
        kind,
        sensor_id: e.alert.sensor_id,
        depth: e.alert.depth,
        temperature: e.type === 'raise' ? e.alert.temperature : e.alert.peak,
        detail: detail(),
        ts: e.type === 'raise' ? e.alert.ts : (e.alert.resetTS ?? nowS),
      });
    } else if (e.type === 'noData' || e.type === 'dataBack')
      rows.push({
        ...base,
        kind: e.type,
        sensor_id: e.sensor_id,
        depth: null,
        temperature: null,
        detail: detail(),
        ts: e.type === 'noData' ? e.since : e.ts,
      });
  }
  return rows;
}

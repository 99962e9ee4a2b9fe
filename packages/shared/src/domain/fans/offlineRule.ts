import type { FanCommand, FanRuleCore } from './decideFan.js';

/**
 * What a controller does on its own while it cannot reach the server (spec doc 2 §3 RC unit
 * "pending.offlineRule{cycle, ontime}"; docs/fan-controller-protocol.md): cycles of `cycle` minutes,
 * the fan on for the first `ontime` minutes of each, counted from the moment it lost the server.
 */
export interface OfflineRule {
  cycle: number;
  ontime: number;
}

/** Ours: the cycle of the fixed offline rules (always off, always on). */
export const OFFLINE_CYCLE_DEFAULT = 60;

/**
 * The offline rule the server hands a channel with every answer (docs/decisions/0037-fan-control.md):
 * - a manual command is kept (on: ontime = cycle; off: ontime 0);
 * - a cyclic rule goes on cycling as set (its scheduler is not applied offline: the controller has
 *   no clock zone and the schedule may change meanwhile);
 * - a cooldown rule stops: without readings of the storage and the outdoor air nobody knows whether
 *   the air cools, and warm humid air blown into cooled grain is the harm to avoid;
 * - a channel without a rule stays off.
 */
export function offlineRuleOf(
  rule: FanRuleCore | null,
  manual: { isManual: boolean; manualCommand: FanCommand },
): OfflineRule {
  if (manual.isManual)
    return {
      cycle: OFFLINE_CYCLE_DEFAULT,
      ontime: manual.manualCommand === 1 ? OFFLINE_CYCLE_DEFAULT : 0,
    };
  if (rule?.type === 'CYCLIC_CONTROL')
    return {
      cycle: rule.settings.cycleSpan,
      ontime: Math.min(rule.settings.runMinutes, rule.settings.cycleSpan),
    };
  return { cycle: OFFLINE_CYCLE_DEFAULT, ontime: 0 };
}

/**
 * The command a controller following `rule` gives `secondsOffline` after it lost the server: on
 * during the first `ontime` minutes of each cycle. Controllers and the simulator compute the same.
 */
export function offlineCommand(rule: OfflineRule, secondsOffline: number): FanCommand {
  if (rule.ontime <= 0 || rule.cycle <= 0) return 0;
  if (rule.ontime >= rule.cycle) return 1;
  const into = Math.max(0, secondsOffline) % (rule.cycle * 60);
  return into < rule.ontime * 60 ? 1 : 0;
}

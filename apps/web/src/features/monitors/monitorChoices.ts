import type { Monitor } from '@emberwatch/shared/contracts/monitors';
import { RULE_TYPE_INFO } from '@emberwatch/shared/domain/kinds/ruleTypes';

export interface MonitorChoice {
  monitor: Monitor;
  /**
   * The monitor has a fan-control rule and another storage uses it: its controller already follows
   * that storage, so this one may not choose it (spec doc 3 §4).
   */
  usedByFanElsewhere: boolean;
}

/** The monitors a storage may choose from, by name. */
export function monitorChoices(monitors: readonly Monitor[], storageId: number): MonitorChoice[] {
  return [...monitors]
    .sort((a, b) => a.name.localeCompare(b.name) || a.itemID - b.itemID)
    .map((monitor) => ({
      monitor,
      usedByFanElsewhere:
        monitor.rules.some((r) => RULE_TYPE_INFO[r.type].fanControl) &&
        monitor.storages.some((id) => id !== storageId),
    }));
}

/** Spec doc 3 §4: a monitor added inside a storage is selected by the highest itemID. */
export function newestMonitorId(monitors: readonly Pick<Monitor, 'itemID'>[]): number | null {
  return monitors.reduce<number | null>((max, m) => (max === null || m.itemID > max ? m.itemID : max), null);
}

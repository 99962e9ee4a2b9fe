import {
  PHASE_HOURS_MAX,
  PHASE_NAME_MAX,
  PHASE_TEMP_MAX,
  PHASE_TEMP_MIN,
  type ProcessPhase,
} from '@emberwatch/shared/contracts/batches';
import type { BatchFormat } from './useBatchFormat';

/** A phase of a plan as its form holds it: the temperature in the user's unit, texts as typed. */
export interface PhaseDraft {
  /** Kept for the phase already in the plan, so its dates stay with it when others are added. */
  key: string;
  phase_name: string;
  targetTemp: string;
  targetHours: string;
}

export type PhaseDraftError = 'phaseName' | 'number' | 'hours';

let serial = 0;
export const newDraftKey = () => `new-${++serial}`;

export function toDrafts(phases: readonly ProcessPhase[], fmt: Pick<BatchFormat, 'toField'>): PhaseDraft[] {
  return phases.map((p, i) => ({
    key: `phase-${i}`,
    phase_name: p.phase_name,
    targetTemp: fmt.toField(p.targetTemp),
    targetHours: p.targetHours === null ? '' : String(p.targetHours),
  }));
}

/**
 * The plan the drafts describe, or the first thing wrong with it: a phase without a name, a target
 * temperature outside the probes' range (0–100 °C) or hours that are not whole and within a year.
 */
export function fromDrafts(
  drafts: readonly PhaseDraft[],
  fmt: Pick<BatchFormat, 'fromField'>,
): { phases: ProcessPhase[] } | { error: PhaseDraftError; index: number } {
  const phases: ProcessPhase[] = [];
  for (const [index, d] of drafts.entries()) {
    const name = d.phase_name.trim();
    if (name === '' || name.length > PHASE_NAME_MAX) return { error: 'phaseName', index };
    const temp = d.targetTemp.trim() === '' ? null : fmt.fromField(d.targetTemp);
    if (d.targetTemp.trim() !== '' && (temp === null || temp < PHASE_TEMP_MIN || temp > PHASE_TEMP_MAX))
      return { error: 'number', index };
    const hours = d.targetHours.trim() === '' ? null : Number(d.targetHours.trim());
    if (hours !== null && (!Number.isInteger(hours) || hours < 1 || hours > PHASE_HOURS_MAX))
      return { error: 'hours', index };
    phases.push({ phase_name: name, targetTemp: temp, targetHours: hours });
  }
  return { phases };
}

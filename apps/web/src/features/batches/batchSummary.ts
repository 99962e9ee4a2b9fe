import type { Batch, BatchPhase } from '@emberwatch/shared/contracts/batches';

/** The running phase of a batch (started, not completed), if any. */
export function runningPhase(batch: Batch): BatchPhase | null {
  if (batch.currentPhase === null) return null;
  return batch.batch_phases.find((p) => p.index === batch.currentPhase) ?? null;
}

/**
 * How far the running phase is, 0…1: its slowest probe's progress (the phase is done when every
 * probe is); null without a target or without probes.
 */
export function phaseProgress(phase: BatchPhase | null): number | null {
  const values = (phase?.sensor_progress ?? []).flatMap((s) => (s.progress === null ? [] : [s.progress]));
  return values.length === 0 ? null : Math.min(...values);
}

/** The hottest temperature among a batch's high-temperature alerts, tenths of °C; null without one. */
export function hottestAlert(batch: Batch): number | null {
  const temps = batch.currentAlerts.flatMap((a) =>
    a.type === 'batch' && a.temperature !== null ? [a.temperature] : [],
  );
  return temps.length === 0 ? null : Math.max(...temps);
}

/** Whether a batch matches the list's filter text: by its name or one of its probes. */
export function matchesBatchFilter(batch: Batch, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (q === '') return true;
  return batch.batch_name.toLowerCase().includes(q) || batch.probes.some((p) => p.toLowerCase().includes(q));
}

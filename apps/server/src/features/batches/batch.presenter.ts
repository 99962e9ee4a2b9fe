import {
  BATCH_SILENT_AFTER_S,
  type Batch,
  type BatchAlert,
  type BatchPhase,
  type BatchStatus,
  type ProbeReplacement,
  type SensorProgress,
} from '@emberwatch/shared/contracts/batches';
import { hottestPoint } from '@emberwatch/shared/domain/batches/coldestPoint';
import { EMPTY_PROGRESS, progressOf } from '@emberwatch/shared/domain/batches/phaseProgress';
import type {
  CompostMethod,
  SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';
import type { BatchRow, LatestRow, PhaseRow, ProgressRow, TurningRow } from './batch.repository.js';
import { membershipOf, parseJson, replacementsOf, windowIn } from './batchProgress.js';

/**
 * What is wrong with an ongoing batch now (spec doc 3 §3 currentAlerts): a probe whose hottest point
 * is at or above the batch's limit (`batch`), or one silent for more than 4 hours (`batch_bug`) —
 * a probe that never reported counts once the batch is 4 hours old.
 */
export function currentAlertsOf(
  batch: Pick<BatchRow, 'status' | 'archived_ts' | 'alert_temp' | 'probes' | 'created_ts'>,
  latest: ReadonlyMap<string, LatestRow>,
  nowS: number,
): BatchAlert[] {
  if (batch.status !== 1 || batch.archived_ts !== null) return [];
  const out: BatchAlert[] = [];
  for (const id of parseJson<string[]>(batch.probes, [])) {
    const l = latest.get(id);
    const hottest = l ? hottestPoint(parseJson<(number | null)[]>(l.temps, [])) : null;
    if (l && hottest !== null && batch.alert_temp !== null && hottest >= batch.alert_temp)
      out.push({ type: 'batch', sensor_id: id, ts: l.meas_ts, temperature: hottest });
    const lastTs = l?.meas_ts ?? null;
    if ((lastTs ?? batch.created_ts) < nowS - BATCH_SILENT_AFTER_S)
      out.push({ type: 'batch_bug', sensor_id: id, ts: lastTs, temperature: null });
  }
  return out;
}

export interface BatchParts {
  phases: readonly PhaseRow[];
  progress: readonly ProgressRow[];
  turnings: readonly TurningRow[];
  latest: ReadonlyMap<string, LatestRow>;
}

export function presentBatch(row: BatchRow, parts: BatchParts, nowS: number): Batch {
  const probes = parseJson<string[]>(row.probes, []);
  const members = membershipOf(probes, replacementsOf(parts.phases));
  const progressOfKey = new Map(parts.progress.map((p) => [`${p.idx}|${p.sensor_id}`, p]));
  const batchPhases: BatchPhase[] = parts.phases.map((phase) => {
    const plan = {
      targetTemp: phase.target_temp,
      targetHours: phase.target_hours,
      start: phase.start_ts,
      completed: phase.completed_ts,
    };
    const ids =
      phase.start_ts === null
        ? probes
        : [...members].filter(([, m]) => windowIn(phase, m, nowS) !== null).map(([id]) => id);
    const sensorProgress: SensorProgress[] = ids.map((id) => {
      const p = progressOfKey.get(`${phase.idx}|${id}`);
      const state = p
        ? { hotS: p.hot_s, lastTs: p.last_ts, lastTemp: p.last_temp, maxTemp: p.max_temp }
        : EMPTY_PROGRESS;
      return {
        sensor_id: id,
        ...progressOf(plan, state, nowS),
        maxTemp: state.maxTemp,
        lastTemp: state.lastTemp,
        last_ts: state.lastTs,
      };
    });
    return {
      index: phase.idx,
      phase_name: phase.name,
      targetTemp: phase.target_temp,
      targetHours: phase.target_hours,
      phase_start_date: phase.start_ts,
      phase_completed_date: phase.completed_ts,
      sensor_progress: sensorProgress,
      probeReplacements: parseJson<ProbeReplacement[]>(phase.replacements, []),
    };
  });
  const running = parts.phases.find((p) => p.start_ts !== null && p.completed_ts === null);
  return {
    batch_id: row.id,
    batch_name: row.name,
    status: row.status as BatchStatus,
    UID: row.owner_user_id,
    BS_ID: row.bs_id,
    method: row.method as CompostMethod,
    standard: row.standard as SanitisationStandard,
    alertTemp: row.alert_temp,
    probes,
    batch_phases: batchPhases,
    currentPhase: running ? running.idx : null,
    currentAlerts: currentAlertsOf(row, parts.latest, nowS),
    turnings: parts.turnings.map((t) => ({ id: t.id, ts: t.ts, note: t.note, U_ID: t.user_id })),
    notes: row.notes,
    isAdmin: row.is_admin === 1,
    created_ts: row.created_ts,
    updated_ts: row.updated_ts,
    completed_ts: row.completed_ts,
    archived_ts: row.archived_ts,
  };
}

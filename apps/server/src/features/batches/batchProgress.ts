import type { ProbeReplacement } from '@emberwatch/shared/contracts/batches';
import { correctionTimeline } from '@emberwatch/shared/domain/applyCorrection';
import {
  EMPTY_PROGRESS,
  foldProgress,
  type ProgressReading,
  type ProgressState,
} from '@emberwatch/shared/domain/batches/phaseProgress';
import { parseCorrections } from '../readings/index.js';
import type { BatchRepository, BatchRow, PhaseRow, ProgressRow } from './batch.repository.js';

/** A probe's stored history, as the readings feature reads it (recent and packed days alike). */
export interface ReadingSource {
  range(
    sensorIds: readonly string[],
    from: number,
    to: number,
  ): Promise<{ sensor_id: string; meas_ts: number; temps: string }[]>;
}

export function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function replacementsOf(phases: readonly PhaseRow[]): ProbeReplacement[] {
  return phases.flatMap((p) => parseJson<ProbeReplacement[]>(p.replacements, [])).sort((a, b) => a.ts - b.ts);
}

/**
 * When each probe was in the pile: the probes there now from the start (or from when they replaced
 * another), and those replaced until they were. A probe taken out of the list without a replacement
 * is no longer part of the batch's record (decision 0049).
 */
export function membershipOf(
  probes: readonly string[],
  replacements: readonly ProbeReplacement[],
): Map<string, { from: number; to: number }> {
  const out = new Map<string, { from: number; to: number }>();
  for (const p of probes) out.set(p, { from: -Infinity, to: Infinity });
  for (const r of replacements) {
    const from = out.get(r.from) ?? { from: -Infinity, to: Infinity };
    out.set(r.from, { ...from, to: r.ts });
    const to = out.get(r.to) ?? { from: -Infinity, to: Infinity };
    out.set(r.to, { ...to, from: r.ts });
  }
  return out;
}

/** A probe's window in a phase: from the phase's start (or its joining) to its completion (or leaving, or now). */
export function windowIn(
  phase: Pick<PhaseRow, 'start_ts' | 'completed_ts'>,
  member: { from: number; to: number },
  nowS: number,
): { from: number; to: number } | null {
  if (phase.start_ts === null) return null;
  const from = Math.max(phase.start_ts, member.from);
  const to = Math.min(phase.completed_ts ?? nowS, member.to, nowS);
  return to >= from ? { from, to } : null;
}

/** Readings as the domain folds them: each probe's correction applied, temperatures parsed. */
export async function correctedReadings(
  repo: BatchRepository,
  source: ReadingSource,
  sensorIds: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, ProgressReading[]>> {
  const out = new Map<string, ProgressReading[]>();
  if (sensorIds.length === 0 || to < from) return out;
  const [rows, corrections] = await Promise.all([
    source.range(sensorIds, from, to),
    repo.corrections(sensorIds),
  ]);
  const timelines = new Map(
    [...corrections].map(([id, json]) => [id, correctionTimeline(parseCorrections(json))]),
  );
  for (const r of rows) {
    const temps = parseJson<(number | null)[]>(r.temps, []);
    const tl = timelines.get(r.sensor_id);
    const offset = tl && !tl.empty ? tl.at(r.meas_ts) : 0;
    let list = out.get(r.sensor_id);
    if (!list) out.set(r.sensor_id, (list = []));
    list.push({
      ts: r.meas_ts,
      // A depth that did not measure stays unmeasured: a correction shifts readings, it makes none.
      temps: offset === 0 ? temps : temps.map((t) => (t === null ? null : t + offset)),
    });
  }
  return out;
}

/**
 * Brings the stored progress of a batch's started phases up to now: for each probe in each phase,
 * the readings after the last one folded (decision 0049). Returns every progress row of the batch.
 */
export async function updateProgress(
  repo: BatchRepository,
  source: ReadingSource,
  batch: BatchRow,
  phases: readonly PhaseRow[],
  stored: readonly ProgressRow[],
  nowS: number,
): Promise<ProgressRow[]> {
  const members = membershipOf(parseJson<string[]>(batch.probes, []), replacementsOf(phases));
  const byKey = new Map(stored.map((r) => [`${r.idx}|${r.sensor_id}`, r]));
  const changed: ProgressRow[] = [];
  for (const phase of phases) {
    const windows = new Map<string, { from: number; to: number }>();
    for (const [id, m] of members) {
      const w = windowIn(phase, m, nowS);
      if (w) windows.set(id, w);
    }
    // Each probe from after its last folded reading; one read for the phase.
    const starts = [...windows].map(([id, w]) => {
      const last = byKey.get(`${phase.idx}|${id}`)?.last_ts;
      return {
        id,
        from: last === null || last === undefined ? w.from : Math.max(w.from, last + 1),
        to: w.to,
      };
    });
    const due = starts.filter((s) => s.to >= s.from);
    if (due.length === 0) continue;
    const readings = await correctedReadings(
      repo,
      source,
      due.map((s) => s.id),
      Math.min(...due.map((s) => s.from)),
      Math.max(...due.map((s) => s.to)),
    );
    for (const s of due) {
      const mine = (readings.get(s.id) ?? []).filter((r) => r.ts >= s.from && r.ts <= s.to);
      const key = `${phase.idx}|${s.id}`;
      const prev = byKey.get(key);
      if (mine.length === 0 && prev) continue;
      const before: ProgressState = prev
        ? { hotS: prev.hot_s, lastTs: prev.last_ts, lastTemp: prev.last_temp, maxTemp: prev.max_temp }
        : EMPTY_PROGRESS;
      const next = foldProgress(before, mine, phase.target_temp);
      const row: ProgressRow = {
        batch_id: batch.id,
        idx: phase.idx,
        sensor_id: s.id,
        hot_s: next.hotS,
        last_ts: next.lastTs,
        last_temp: next.lastTemp,
        max_temp: next.maxTemp,
      };
      byKey.set(key, row);
      changed.push(row);
    }
  }
  if (changed.length > 0) await repo.saveProgress(changed);
  return [...byKey.values()];
}

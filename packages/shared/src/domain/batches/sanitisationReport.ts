import { coldestPoint } from './coldestPoint.js';
import {
  MAX_READING_GAP_S,
  requirementsOf,
  TURNING_RECOVERY_S,
  type CompostMethod,
  type RequirementId,
  type SanitisationRequirement,
  type SanitisationStandard,
} from './sanitisationStandards.js';

/**
 * Whether a batch's stored readings prove its sanitisation under a standard, and the periods found
 * (docs/decisions/0050-sanitisation-report.md). Pure: the server reads the readings and the
 * turnings, this decides.
 *
 * - Every measuring spot of the batch must hold the limit at the same time: the pile is judged by
 *   its coldest spot, and a spot by its coldest depth (coldestPoint).
 * - Time counts between two readings of a spot at most `maxGapS` apart that are both at or above
 *   the limit. A longer silence breaks the period: nobody knows what the pile did then.
 * - A recorded turning excuses readings below the limit from the last reading before it (at most
 *   `maxGapS` before) to `recoveryS` after it: they neither break the period nor count toward it.
 * - The period must last the requirement's time in one piece and hold its turnings.
 */

export interface SpotReading {
  ts: number;
  temps: readonly (number | null)[];
}

/** A measuring spot: a probe, or a probe and the one that replaced it, their readings joined. */
export interface SpotSeries {
  sensor_id: string;
  /** Sorted by time. */
  readings: readonly SpotReading[];
  replaced?: boolean;
}

export interface SanitisationInput {
  standard: SanitisationStandard;
  method: CompostMethod;
  spots: readonly SpotSeries[];
  /** Times of the recorded turnings. */
  turnings: readonly number[];
  maxGapS?: number;
  recoveryS?: number;
}

export interface SanitisationPeriod {
  from: number;
  to: number;
  /** Seconds at or above the limit within it. */
  seconds: number;
  turnings: number;
  /** The lowest coldest point counted in it. */
  minTemp: number | null;
}

export interface RequirementOutcome {
  id: RequirementId;
  minTemp: number;
  seconds: number;
  minTurnings: number;
  proven: boolean;
  /** The first period that proves it, else the longest one; null when there is none. */
  period: SanitisationPeriod | null;
}

export interface SpotOutcome {
  sensor_id: string;
  readings: number;
  gaps: number;
  proven: boolean;
  period: SanitisationPeriod | null;
}

export type SanitisationVerdict = 'proven' | 'notProven' | 'noData';
export type SanitisationNoteId =
  'moistureNotMeasured' | 'turningsRequired' | 'dataGaps' | 'probeReplaced' | 'probeWithoutData';

export interface SanitisationOutcome {
  verdict: SanitisationVerdict;
  requirements: RequirementOutcome[];
  probes: SpotOutcome[];
  notes: SanitisationNoteId[];
  from: number | null;
  to: number | null;
}

type State = 'hot' | 'cold' | 'gap';

interface Segment {
  from: number;
  to: number;
  state: State;
  /** The lower of the two readings' coldest points (hot segments). */
  minTemp: number;
}

/** A spot's time as segments between its readings; outside its first and last reading it has none. */
function segmentsOf(readings: readonly SpotReading[], limit: number, maxGapS: number): Segment[] {
  const points: { ts: number; v: number }[] = [];
  for (const r of readings) {
    const v = coldestPoint(r.temps);
    const last = points[points.length - 1];
    if (v === null || (last && r.ts <= last.ts)) continue;
    points.push({ ts: r.ts, v });
  }
  const out: Segment[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as { ts: number; v: number };
    const b = points[i] as { ts: number; v: number };
    const state: State = b.ts - a.ts > maxGapS ? 'gap' : a.v >= limit && b.v >= limit ? 'hot' : 'cold';
    out.push({ from: a.ts, to: b.ts, state, minTemp: Math.min(a.v, b.v) });
  }
  return out;
}

/** The time line of all spots together: hot only where every spot is hot; a gap where any spot has none. */
function combine(spots: Segment[][], extraBounds: readonly number[]): Segment[] {
  const bounds = new Set<number>(extraBounds);
  for (const s of spots) for (const seg of s) bounds.add(seg.from).add(seg.to);
  const times = [...bounds].sort((a, b) => a - b);
  const idx = spots.map(() => 0);
  const out: Segment[] = [];
  for (let k = 1; k < times.length; k++) {
    const from = times[k - 1] as number;
    const to = times[k] as number;
    let state: State = 'hot';
    let minTemp = Infinity;
    for (let s = 0; s < spots.length; s++) {
      const segs = spots[s] as Segment[];
      let i = idx[s] as number;
      while (i < segs.length && (segs[i] as Segment).to <= from) i++;
      idx[s] = i;
      const seg = segs[i];
      if (!seg || seg.from > from) {
        state = 'gap';
        break;
      }
      if (seg.state === 'gap') {
        state = 'gap';
        break;
      }
      if (seg.state === 'cold') state = 'cold';
      else minTemp = Math.min(minTemp, seg.minTemp);
    }
    out.push({ from, to, state, minTemp });
  }
  return out;
}

/** The unbroken periods at or above the limit, turning recoveries bridged. */
function periodsOf(
  line: Segment[],
  turnings: readonly number[],
  recoveryS: number,
  maxGapS: number,
): SanitisationPeriod[] {
  // From the last reading before the turning (at most a gap before it) to the end of the recovery.
  const excused = (seg: Segment) => turnings.some((t) => seg.from >= t - maxGapS && seg.to <= t + recoveryS);
  const out: SanitisationPeriod[] = [];
  let cur: SanitisationPeriod | null = null;
  let prevTo: number | null = null;
  const close = () => {
    if (cur) {
      const c: SanitisationPeriod = cur;
      c.turnings = turnings.filter((t) => t >= c.from && t <= c.to).length;
      out.push(c);
    }
    cur = null;
  };
  for (const seg of line) {
    if (prevTo !== null && seg.from !== prevTo) close();
    prevTo = seg.to;
    if (seg.state === 'hot') {
      if (!cur) cur = { from: seg.from, to: seg.to, seconds: 0, turnings: 0, minTemp: null };
      cur.to = seg.to;
      cur.seconds += seg.to - seg.from;
      cur.minTemp = cur.minTemp === null ? seg.minTemp : Math.min(cur.minTemp, seg.minTemp);
    } else if (!(seg.state === 'cold' && cur && excused(seg))) close();
  }
  close();
  return out;
}

function judge(
  periods: SanitisationPeriod[],
  req: SanitisationRequirement,
): { proven: boolean; period: SanitisationPeriod | null } {
  const proving = periods.find((p) => p.seconds >= req.seconds && p.turnings >= req.minTurnings);
  if (proving) return { proven: true, period: proving };
  let best: SanitisationPeriod | null = null;
  for (const p of periods)
    if (!best || p.seconds > best.seconds || (p.seconds === best.seconds && p.turnings > best.turnings))
      best = p;
  return { proven: false, period: best };
}

export function judgeSanitisation(input: SanitisationInput): SanitisationOutcome {
  const maxGapS = input.maxGapS ?? MAX_READING_GAP_S;
  const recoveryS = input.recoveryS ?? TURNING_RECOVERY_S;
  const turnings = [...input.turnings].sort((a, b) => a - b);
  const bounds = turnings.flatMap((t) => [t - maxGapS, t, t + recoveryS]);
  const reqs = requirementsOf(input.standard, input.method);

  const requirements: RequirementOutcome[] = reqs.map((req) => {
    const line = combine(
      input.spots.map((s) => segmentsOf(s.readings, req.minTemp, maxGapS)),
      bounds,
    );
    return { ...req, ...judge(periodsOf(line, turnings, recoveryS, maxGapS), req) };
  });

  // Each spot on its own, against the requirement the verdict rests on: which spot held the batch back.
  const decisive = (reqs[requirements.findIndex((r) => r.proven)] ?? reqs[0]) as SanitisationRequirement;
  const probes: SpotOutcome[] = input.spots.map((s) => {
    const segs = segmentsOf(s.readings, decisive.minTemp, maxGapS);
    const { proven, period } = judge(
      periodsOf(combine([segs], bounds), turnings, recoveryS, maxGapS),
      decisive,
    );
    const measured = s.readings.filter((r) => coldestPoint(r.temps) !== null);
    return {
      sensor_id: s.sensor_id,
      readings: measured.length,
      gaps: segs.filter((g) => g.state === 'gap').length,
      proven,
      period,
    };
  });

  let from: number | null = null;
  let to: number | null = null;
  for (const s of input.spots)
    for (const r of s.readings) {
      if (coldestPoint(r.temps) === null) continue;
      if (from === null || r.ts < from) from = r.ts;
      if (to === null || r.ts > to) to = r.ts;
    }

  const notes: SanitisationNoteId[] = [];
  if (input.standard === 'pas100') notes.push('moistureNotMeasured');
  if (reqs.some((r) => r.minTurnings > turnings.length)) notes.push('turningsRequired');
  if (probes.some((p) => p.gaps > 0)) notes.push('dataGaps');
  if (input.spots.some((s) => s.replaced)) notes.push('probeReplaced');
  if (probes.some((p) => p.readings === 0)) notes.push('probeWithoutData');

  const verdict: SanitisationVerdict =
    from === null ? 'noData' : requirements.some((r) => r.proven) ? 'proven' : 'notProven';
  return { verdict, requirements, probes, notes, from, to };
}

import { localClock } from './localClock.js';

/** Where a cyclic rule stands: the current cycle's start, whether it is in its on-time, and when that flips. */
export interface FanCycle {
  /** Epoch s the current cycle started. */
  started: number;
  /** Seconds since the cycle started (RC unit's currentCycleSecs). */
  secs: number;
  running: boolean;
  /** Epoch s of the next switch: the end of the on-time, or the next cycle's start. */
  nextChange: number;
}

/**
 * The cycle a cyclic rule is in (spec doc 3 §3 cycleSpan, runMinutes; §9 spans 30/60/90/120). Cycles
 * are laid from local midnight (every span divides a day), so a 60-minute cycle with 30 minutes on
 * runs the first half of every hour of the farm's clock, whatever the server's time zone, and the
 * fans start at the same wall-clock minutes every day. The on-time opens each cycle. On the night a
 * clock changes for daylight saving one cycle is an hour longer or shorter; the next midnight puts
 * them back in step.
 */
export function fanCycle(
  nowS: number,
  cycleSpanMin: number,
  runMinutes: number,
  timeZone: string | null,
): FanCycle {
  const span = Math.max(1, Math.round(cycleSpanMin)) * 60;
  const run = Math.min(Math.max(0, Math.round(runMinutes)) * 60, span);
  const clock = localClock(nowS, timeZone);
  const intoDay = clock.minuteOfDay * 60 + clock.second;
  const secs = intoDay % span;
  const started = nowS - secs;
  const running = secs < run;
  return { started, secs, running, nextChange: running ? started + run : started + span };
}

/**
 * Ours (spec doc 3 §4 "Cycle progress advances on a timer of 10, 30 or 60 s depending on the cycle
 * span"): a bar over a 30-minute cycle moves visibly every 10 s; over 60 or 90 minutes every 30 s; over
 * 120 minutes every minute.
 */
export function cycleProgressTickMs(cycleSpanMin: number): 10_000 | 30_000 | 60_000 {
  if (cycleSpanMin <= 30) return 10_000;
  if (cycleSpanMin <= 90) return 30_000;
  return 60_000;
}

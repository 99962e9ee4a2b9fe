/**
 * Spec doc 1 §9: "volume of bales or tons on a non-linear scale up to 50000 (marks 0, 1000, 2000,
 * 3000, 5000, 10000, 50000)". The slider moves evenly between marks; each stretch between two marks
 * has VOLUME_STEPS_PER_MARK positions, so the step grows with the volume (10 below 3000, 400 above
 * 10000).
 */
export const VOLUME_MARKS = [0, 1000, 2000, 3000, 5000, 10000, 50000] as const;
export const VOLUME_STEPS_PER_MARK = 100;
/** The slider's last position. */
export const VOLUME_POSITION_MAX = (VOLUME_MARKS.length - 1) * VOLUME_STEPS_PER_MARK;

/** The volume at a slider position (clamped to the scale). */
export function volumeAt(position: number): number {
  const p = Math.min(Math.max(Math.round(position), 0), VOLUME_POSITION_MAX);
  const i = Math.min(Math.floor(p / VOLUME_STEPS_PER_MARK), VOLUME_MARKS.length - 2);
  const from = VOLUME_MARKS[i] as number;
  const to = VOLUME_MARKS[i + 1] as number;
  return from + ((to - from) * (p - i * VOLUME_STEPS_PER_MARK)) / VOLUME_STEPS_PER_MARK;
}

/** The slider position that shows a volume (the nearest one; volumes beyond the scale at its end). */
export function volumePosition(volume: number): number {
  if (volume <= 0) return 0;
  for (let i = 0; i < VOLUME_MARKS.length - 1; i++) {
    const from = VOLUME_MARKS[i] as number;
    const to = VOLUME_MARKS[i + 1] as number;
    if (volume <= to)
      return i * VOLUME_STEPS_PER_MARK + Math.round(((volume - from) / (to - from)) * VOLUME_STEPS_PER_MARK);
  }
  return VOLUME_POSITION_MAX;
}

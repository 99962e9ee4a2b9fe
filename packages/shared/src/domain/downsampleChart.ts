/** The server sends at most this many points per pixel of the plot's width (issue 3: "a few"). */
export const CHART_POINTS_PER_PIXEL = 4;

export interface DownsampleInput {
  /** Time, epoch seconds. */
  b: number;
  /** Every depth, handle first. */
  hh: readonly number[];
}

/**
 * Reduces a time-sorted series to at most `width × pointsPerPixel` points without ever losing an
 * extreme: the window [start, end] is cut into equal time buckets and each bucket keeps, for every
 * depth, the point holding that depth's minimum and the one holding its maximum (issue 3: "a heat
 * spike must never vanish"). One point may serve several depths, so a bucket keeps between 1 and
 * 2 × depths points; the bucket count is chosen so that even the worst case fits the budget.
 * Kept points stay in time order and are the original objects (other fields ride along).
 */
export function downsampleChart<T extends DownsampleInput>(
  points: readonly T[],
  opts: { start: number; end: number; width: number; pointsPerPixel?: number },
): T[] {
  const budget = Math.max(1, Math.floor(opts.width * (opts.pointsPerPixel ?? CHART_POINTS_PER_PIXEL)));
  if (points.length <= budget) return [...points];
  let depths = 1;
  for (const p of points) if (p.hh.length > depths) depths = p.hh.length;
  const buckets = Math.max(1, Math.floor(budget / (2 * depths)));
  const first = points[0] as T;
  const last = points[points.length - 1] as T;
  const start = Math.min(opts.start, first.b);
  const span = Math.max(1, Math.max(opts.end, last.b) - start + 1);

  const out: T[] = [];
  // Indices (into `points`) of each depth's min and max in the current bucket.
  const minAt = new Array<number>(depths);
  const maxAt = new Array<number>(depths);
  let bucket = -1;
  let bucketStart = 0;

  const flush = (endExclusive: number): void => {
    if (bucket < 0) return;
    const keep = new Set<number>();
    for (let d = 0; d < depths; d++) {
      if (minAt[d] !== -1) keep.add(minAt[d] as number);
      if (maxAt[d] !== -1) keep.add(maxAt[d] as number);
    }
    // Walking the bucket's indices in order keeps the output time-sorted without a sort.
    for (let i = bucketStart; i < endExclusive; i++) if (keep.has(i)) out.push(points[i] as T);
  };

  for (let i = 0; i < points.length; i++) {
    const p = points[i] as T;
    const k = Math.min(buckets - 1, Math.floor(((p.b - start) * buckets) / span));
    if (k !== bucket) {
      flush(i);
      bucket = k;
      bucketStart = i;
      minAt.fill(-1);
      maxAt.fill(-1);
    }
    for (let d = 0; d < p.hh.length; d++) {
      const v = p.hh[d] as number;
      const lo = minAt[d] as number;
      const hi = maxAt[d] as number;
      if (lo === -1 || v < ((points[lo] as T).hh[d] as number)) minAt[d] = i;
      if (hi === -1 || v > ((points[hi] as T).hh[d] as number)) maxAt[d] = i;
    }
  }
  flush(points.length);
  return out;
}

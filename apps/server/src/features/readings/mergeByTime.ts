/**
 * Appends two time-ordered lists as one; on a time found in both, the first list's reading. A probe's
 * packed day and its raw rows are merged so (packed first): a reading packed and stored again raw
 * counts once, as packed (decision 0054).
 */
export function mergeByTime<T extends { meas_ts: number }>(
  first: readonly T[],
  second: readonly T[],
  out: T[],
): void {
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    const a = first[i];
    const b = second[j];
    if (b === undefined || (a !== undefined && a.meas_ts <= b.meas_ts)) {
      out.push(a as T);
      i++;
      if (b !== undefined && a?.meas_ts === b.meas_ts) j++;
    } else {
      out.push(b);
      j++;
    }
  }
}

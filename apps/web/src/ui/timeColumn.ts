import type { AdminColumn } from './AdminTable';

/**
 * A column of times: sorted by the epoch seconds, shown and filtered as the user writes dates (a filter
 * looks for "30.11.2026", not for 1796000000). `empty` is what a row without a time shows and matches.
 */
export function timeColumn<Row>(
  time: (ts: number) => string,
  key: string,
  label: string,
  ts: (row: Row) => number | null,
  empty = '',
): AdminColumn<Row> {
  const text = (row: Row) => {
    const v = ts(row);
    return v === null ? empty : time(v);
  };
  return { key, label, value: ts, render: text, filterText: text };
}

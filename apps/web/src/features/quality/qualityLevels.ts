import { BIN_POSITION, type SensorLayout, type Stack } from '@emberwatch/shared/contracts/storageLayout';

/** One drawn level of the quality view: a floor of a rows layout or one stack, cells holding probe ids. */
export interface QualityLevel {
  key: string;
  kind: 'floor' | 'stack';
  number: number;
  rows: { key: string; probeIds: string[] }[][];
}

/**
 * The storage's layout as the temperatures mode draws it (floors of rows, or stacks seen from above
 * with a pile's probes top bale first), each cell with the ids of the probes placed there.
 */
export function qualityLevels(layout: SensorLayout | null, stacks: readonly Stack[]): QualityLevel[] {
  if (stacks.length > 0)
    return [...stacks]
      .sort((a, b) => a.index - b.index)
      .map((stack) => ({
        key: `stack-${stack.index}`,
        kind: 'stack' as const,
        number: stack.index + 1,
        rows: Array.from({ length: stack.nRows }, (_, r) =>
          Array.from({ length: stack.nColumns }, (_, c) => ({
            key: `${stack.index}-${r}-${c}`,
            probeIds: stack.sensors
              .filter((s) => s.row === r && s.column === c)
              .sort((a, b) => b.floor - a.floor)
              .map((s) => s.id),
          })),
        ),
      }));
  if (!layout) return [];
  const rows = [...layout.rows].sort((a, b) => a.index - b.index);
  return Array.from({ length: layout.floors }, (_, floor) => ({
    key: `floor-${floor}`,
    kind: 'floor' as const,
    number: floor + 1,
    rows: rows.map((row) =>
      Array.from({ length: row.rowLength }, (_, column) => ({
        key: `${floor}-${row.index}-${column}`,
        probeIds: layout.sensors
          .filter((s) => s.floor === floor && s.row === row.index && s.column === column)
          .map((s) => s.id),
      })),
    ),
  }));
}

/** The probes in the bin (row and column −1): part of the storage, in no cell. */
export function binnedProbeIds(layout: SensorLayout | null, stacks: readonly Stack[]): string[] {
  return [...(layout?.sensors ?? []), ...stacks.flatMap((s) => s.sensors)]
    .filter((s) => s.row === BIN_POSITION || s.column === BIN_POSITION)
    .map((s) => s.id);
}

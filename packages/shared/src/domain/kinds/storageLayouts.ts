/**
 * Storage layouts (spec doc 3 §3 Storage.layoutType, "3 means stacks"): 2D rows of given lengths,
 * 3D floors, and bale stacks. Registries are `Record<StorageLayout, …>` with `satisfies`, so a new
 * layout fails the build until the renderer, the editor and the defaults know it.
 */
export const STORAGE_LAYOUTS = ['rows', 'floors', 'stacks'] as const;
export type StorageLayout = (typeof STORAGE_LAYOUTS)[number];

export interface StorageLayoutInfo {
  /** The stored layoutType number; the spec fixes 3 for stacks. */
  code: number;
  /** Spec doc 3 §9: default angle, cell size and spacing of the layout view. */
  defaults: { angle: number; cellSize: number; spacing: number };
}

export const STORAGE_LAYOUT_INFO = {
  rows: { code: 1, defaults: { angle: 45, cellSize: 50, spacing: 50 } },
  floors: { code: 2, defaults: { angle: 45, cellSize: 50, spacing: 50 } },
  stacks: { code: 3, defaults: { angle: 0, cellSize: 40, spacing: 100 } },
} as const satisfies Record<StorageLayout, StorageLayoutInfo>;

/** The layout of a stored layoutType number, or null for an undefined one. */
export function storageLayoutOf(code: number | null | undefined): StorageLayout | null {
  return STORAGE_LAYOUTS.find((layout) => STORAGE_LAYOUT_INFO[layout].code === code) ?? null;
}

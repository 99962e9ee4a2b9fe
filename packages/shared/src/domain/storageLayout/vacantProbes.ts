import type { StorageLayout } from '../kinds/storageLayouts.js';
import { isHayProbe } from './isHayProbe.js';
import { compareNames } from '../compareNames.js';

export interface VacantCandidate {
  id: string;
  name: string;
  /** The storage the probe is placed in, null when in none. */
  storageId: number | null;
}

export interface VacantProbesInput {
  /** The storage being edited; null while it is being created. */
  storageId: number | null;
  /** Probes already in a cell of this storage (see placedProbeIds). */
  placedIds: readonly string[];
  /** Typed search text; matches the id or the name, any case. */
  search: string;
}

/**
 * The probes offered for placing (spec doc 3 §5): hay ("H") probes only for a stack layout and
 * non-hay ones otherwise; probes in another storage left out; search by id or name. Probes of this
 * storage that sit in the bin are offered again. Sorted by name, then id, as the probe list is.
 */
export function vacantProbes<T extends VacantCandidate>(
  settings: { layout: StorageLayout },
  probes: readonly T[],
  input: VacantProbesInput,
): T[] {
  const wantHay = settings.layout === 'stacks';
  const placed = new Set(input.placedIds);
  const needle = input.search.trim().toLowerCase();
  return probes
    .filter(
      (p) =>
        isHayProbe(p.id) === wantHay &&
        (p.storageId === null || p.storageId === input.storageId) &&
        !placed.has(p.id) &&
        (needle === '' || p.id.toLowerCase().includes(needle) || p.name.toLowerCase().includes(needle)),
    )
    .sort((a, b) => compareNames(a.name, b.name) || compareNames(a.id, b.id));
}

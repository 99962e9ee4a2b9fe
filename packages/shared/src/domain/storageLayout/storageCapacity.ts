import { STORAGE_CAPACITY_MAX_DEFAULT } from '../../contracts/storages.js';
import { isHayProbe } from './isHayProbe.js';

/** The survey answers the capacity cap reads (spec doc 1 §3 survey: hayTypeUnit, balesPerYear, averageTonsPerYear). */
export interface CapacitySurvey {
  hayTypeUnit: 'bales' | 'tons' | null;
  balesPerYear: number | null;
  averageTonsPerYear: number | null;
}

/**
 * Spec doc 3 §5 "Capacity is capped by a maximum derived from the survey (bales per year or tons per
 * year). Default max 1000." The yearly volume in the survey's unit is the most a storage can hold;
 * without a survey, or with no positive volume in the chosen unit, the default 1000.
 */
export function storageCapacityMax(survey: CapacitySurvey | null): number {
  if (survey === null) return STORAGE_CAPACITY_MAX_DEFAULT;
  const volume = survey.hayTypeUnit === 'tons' ? survey.averageTonsPerYear : survey.balesPerYear;
  return volume !== null && Number.isFinite(volume) && volume >= 1
    ? Math.floor(volume)
    : STORAGE_CAPACITY_MAX_DEFAULT;
}

/** Spec doc 3 §5: more than 5 hay probes together with non-hay probes asks for the missing info. */
export const MIXED_HAY_PROBES_LIMIT = 5;

export type MissingStorageInfo = 'name' | 'type' | 'capacity' | 'mixedProbes';

/**
 * Spec doc 3 §5 "A missing-info dialog is triggered when capacity, type or name is missing, or when
 * there are more than 5 hay-type probes together with non-hay probes": what is missing, in that
 * order; empty when the dialog is not needed.
 */
export function missingStorageInfo(
  storage: { name: string; type: string; capacity: number | null },
  probeIds: readonly string[],
): MissingStorageInfo[] {
  const missing: MissingStorageInfo[] = [];
  if (storage.name.trim() === '') missing.push('name');
  if (storage.type.trim() === '') missing.push('type');
  if (storage.capacity === null) missing.push('capacity');
  const hay = probeIds.filter(isHayProbe).length;
  if (hay > MIXED_HAY_PROBES_LIMIT && hay < probeIds.length) missing.push('mixedProbes');
  return missing;
}

import type { SensorLayout, Stack } from '../../contracts/storageLayout.js';
import { STORAGE_LAYOUT_INFO, storageLayoutOf } from '../kinds/storageLayouts.js';
import { defaultSensorLayout } from './defaultSensorLayout.js';
import { defaultStack } from './defaultStack.js';
import { isHayProbe } from './isHayProbe.js';

export interface InitialLayoutInput {
  /** The stored layoutType; null or an unknown number means the layout is not defined yet. */
  layoutType: number | null | undefined;
  /** The survey's hay type (doc 1 §3 "hayType (bales or loose)"), null without an answer. */
  surveyHayType: 'bales' | 'loose' | null;
  /** The probes the storage is set up with. */
  probeIds: readonly string[];
}

export type InitialLayout =
  | { layoutType: number; sensorLayout: SensorLayout; stacks: [] }
  | { layoutType: number; sensorLayout: null; stacks: Stack[] };

/**
 * Spec doc 3 §4: a storage without a defined layout type gets one. A stack of 6 columns by 3 rows
 * with height 4 when the survey says bales, or when, without a survey answer, the storage is set up
 * with hay ("H") probes only — those are made for bales. Otherwise the default layout: 3 rows of
 * length 3 (doc 3 §4). Null when the layout type is defined: the stored layout is kept.
 * See docs/decisions/0021-storage-layout-rules.md for the reading of "a non-hay probe setup suggests a stack".
 */
export function initialLayout(input: InitialLayoutInput): InitialLayout | null {
  if (storageLayoutOf(input.layoutType) !== null) return null;
  const hayProbesOnly = input.probeIds.length > 0 && input.probeIds.every(isHayProbe);
  const stack = input.surveyHayType === 'bales' || (input.surveyHayType === null && hayProbesOnly);
  return stack
    ? { layoutType: STORAGE_LAYOUT_INFO.stacks.code, sensorLayout: null, stacks: [defaultStack(0)] }
    : { layoutType: STORAGE_LAYOUT_INFO.rows.code, sensorLayout: defaultSensorLayout(), stacks: [] };
}

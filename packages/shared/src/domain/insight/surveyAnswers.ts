/**
 * The Insight survey (spec doc 1 §3 "Survey answers", "Storage (survey)", §5 survey steps, §9
 * sliders; doc 2 §3 "Survey answers"). One shape serves the wizard's draft and the saved answers:
 * what the user has not chosen yet is null, and the step rules below say when a step is complete.
 */

export const ACTIVITY_TYPES = ['livestock', 'dairy', 'hay', 'research', 'other'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const HAY_TYPES = ['bales', 'loose'] as const;
export type HayType = (typeof HAY_TYPES)[number];
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const HAY_TYPE_UNITS = ['bales', 'tons'] as const;
export type HayTypeUnit = (typeof HAY_TYPE_UNITS)[number];
export const BALES_TYPES = ['square', 'round'] as const;
export type BalesType = (typeof BALES_TYPES)[number];
/** Spec doc 1 §3 Storage (survey) type; stored on the storage as these codes (as the storages page does). */
export const SURVEY_STORAGE_TYPES = [
  'open_air',
  'tarp_covered',
  'roof_covered',
  'open-warehouse',
  'warehouse',
] as const;
export type SurveyStorageType = (typeof SURVEY_STORAGE_TYPES)[number];

/** Spec doc 1 §9 "yearly cuts 0-8 step 1"; §3 "-1 = not applicable". */
export const YEARLY_CUTS_MIN = 0;
export const YEARLY_CUTS_MAX = 8;
export const YEARLY_CUTS_NOT_APPLICABLE = -1;
/** Spec doc 1 §9 "weight per bale 0-1000 (kg) or 0-2000 (lb) step 50". */
export const BALE_WEIGHT_MAX: Record<WeightUnit, number> = { kg: 1000, lb: 2000 };
export const BALE_WEIGHT_STEP = 50;
/** Spec doc 1 §9 "storage time 0-12 months range". */
export const STORAGE_MONTHS_MAX = 12;
/** Spec doc 1 §9 "storages on site 0-10". */
export const SURVEY_STORAGES_MAX = 10;
/** Spec doc 1 §9: the volume scale ends at 50000. */
export const SURVEY_VOLUME_MAX = 50000;
export const SURVEY_STORAGE_NAME_MAX = 60;

export interface SurveyStorage {
  /** 1-based, unique in the survey; names default to "Storage {id}". */
  id: number;
  name: string;
  type: SurveyStorageType | null;
  /** Bales or tons, as the volume of the survey. */
  capacity: number;
  /** Floor area in m² (spec doc 1 §3 "size"); null when not given. */
  size: number | null;
  /** A survey storage has no layout yet: the storages page offers one (spec doc 3 §4). */
  undefinedLayoutType: boolean;
}

export interface SurveyAnswers {
  activityType: ActivityType | null;
  /** Free text when the activity is "other". */
  activityOther: string;
  hayType: HayType | null;
  /** 0–8, or -1 when not applicable. */
  yearlyCuts: number;
  weightUnit: WeightUnit;
  /** For bales: whether the yearly volume is counted in bales or in tons. Loose hay is in tons. */
  hayTypeUnit: HayTypeUnit;
  balesPerYear: number;
  averageTonsPerYear: number;
  balesType: BalesType | null;
  /** In weightUnit. */
  balesWeight: number;
  /** A month range [from, to], 0–12. */
  storageTime: [number, number];
  storagesNumber: number;
  storages: SurveyStorage[];
}

/** The wizard's starting point: nothing chosen. */
export function emptySurvey(): SurveyAnswers {
  return {
    activityType: null,
    activityOther: '',
    hayType: null,
    yearlyCuts: 0,
    weightUnit: 'kg',
    hayTypeUnit: 'bales',
    balesPerYear: 0,
    averageTonsPerYear: 0,
    balesType: null,
    balesWeight: 0,
    storageTime: [0, 0],
    storagesNumber: 0,
    storages: [],
  };
}

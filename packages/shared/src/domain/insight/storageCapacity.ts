import type { SurveyAnswers } from './surveyAnswers.js';
import { surveyVolume } from './surveySteps.js';

/** Spec doc 1 §9 and doc 3 §9: "default max 1000" while the survey gives no volume. */
export const SURVEY_CAPACITY_MAX_DEFAULT = 1000;

/**
 * Spec doc 3 §5 "Capacity is capped by a maximum derived from the survey (bales per year or tons per
 * year). Default max 1000."
 */
export function surveyCapacityMax(
  a: Pick<SurveyAnswers, 'hayType' | 'hayTypeUnit' | 'balesPerYear' | 'averageTonsPerYear'>,
): number {
  const v = surveyVolume(a);
  return v > 0 ? v : SURVEY_CAPACITY_MAX_DEFAULT;
}

/**
 * Spec doc 1 §9 "storage capacity steps 100 up to 3000, 200 up to 5000, 500 up to 10000, otherwise
 * 1000": the capacity slider's step for its maximum.
 */
export function capacityStep(max: number): number {
  if (max <= 3000) return 100;
  if (max <= 5000) return 200;
  if (max <= 10000) return 500;
  return 1000;
}

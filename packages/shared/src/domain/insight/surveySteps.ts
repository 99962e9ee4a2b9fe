import type { SurveyAnswers, SurveyStorage } from './surveyAnswers.js';
import { YEARLY_CUTS_NOT_APPLICABLE } from './surveyAnswers.js';

/** Spec doc 1 §2: the wizard's four steps. */
export const SURVEY_STEPS = ['hay', 'scale', 'storage', 'ready'] as const;
export type SurveyStep = (typeof SURVEY_STEPS)[number];

/** Why a step may not be left yet; each is a text key of the web's insight namespace. */
export type SurveyProblem =
  | 'activityType'
  | 'activityOther'
  | 'hayType'
  | 'yearlyCuts'
  | 'volume'
  | 'balesType'
  | 'balesWeight'
  | 'storageTime'
  | 'storages'
  | 'storageNameType';

/** Spec doc 1 §5 step 0: activity type, a text when other, hay type, yearly cuts above 0 unless not applicable. */
function hayStep(a: SurveyAnswers): SurveyProblem | null {
  if (a.activityType === null) return 'activityType';
  if (a.activityType === 'other' && a.activityOther.trim() === '') return 'activityOther';
  if (a.hayType === null) return 'hayType';
  if (!(a.yearlyCuts > 0 || a.yearlyCuts === YEARLY_CUTS_NOT_APPLICABLE)) return 'yearlyCuts';
  return null;
}

/** The yearly volume in the unit the answers count it in (bales, or tons). */
export function surveyVolume(
  a: Pick<SurveyAnswers, 'hayType' | 'hayTypeUnit' | 'balesPerYear' | 'averageTonsPerYear'>,
): number {
  return a.hayType === 'bales' && a.hayTypeUnit === 'bales' ? a.balesPerYear : a.averageTonsPerYear;
}

/** Spec doc 1 §5 step 1: bales need a volume above 0 in the chosen unit, a bales type and a bale weight; loose hay tons above 0. */
function scaleStep(a: SurveyAnswers): SurveyProblem | null {
  if (surveyVolume(a) <= 0) return 'volume';
  if (a.hayType === 'bales') {
    if (a.balesType === null) return 'balesType';
    if (a.balesWeight <= 0) return 'balesWeight';
  }
  return null;
}

export function storageComplete(s: SurveyStorage): boolean {
  return s.name.trim() !== '' && s.type !== null;
}

/**
 * Spec doc 1 §5 step 2: a non-zero total storage time and at least 1 storage. Each storage also needs
 * its name and type (§5 "Storage edit Apply needs both"): it becomes a real storage, which must have
 * both (doc 3 §5 "With the insight service, type is also required"); docs/decisions/0051.
 */
function storageStep(a: SurveyAnswers): SurveyProblem | null {
  if (a.storageTime[1] - a.storageTime[0] <= 0) return 'storageTime';
  if (a.storagesNumber < 1 || a.storages.length !== a.storagesNumber) return 'storages';
  if (!a.storages.every(storageComplete)) return 'storageNameType';
  return null;
}

const STEP_RULES: Record<SurveyStep, (a: SurveyAnswers) => SurveyProblem | null> = {
  hay: hayStep,
  scale: scaleStep,
  storage: storageStep,
  ready: () => null,
};

/** What keeps a step's Next (or Finish) disabled, or null when it may be left. */
export function surveyStepProblem(step: SurveyStep, a: SurveyAnswers): SurveyProblem | null {
  return STEP_RULES[step](a);
}

/** The first problem of the whole survey (the server saves only complete answers), with its step. */
export function surveyProblem(a: SurveyAnswers): { step: SurveyStep; problem: SurveyProblem } | null {
  for (const step of SURVEY_STEPS) {
    const problem = surveyStepProblem(step, a);
    if (problem) return { step, problem };
  }
  return null;
}

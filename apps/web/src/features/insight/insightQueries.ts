import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SurveyAnswers } from '@emberwatch/shared/domain/insight/surveyAnswers';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { queryKeys } from '../../lib/queryKeys';

/** The Insight calls (spec doc 1 §7) as TanStack queries; the keys are this feature's own. */
const trialKey = ['insight', 'trialDays'] as const;
const surveyKey = (uid: number) => ['insight', 'survey', uid] as const;

/** Spec doc 1 §9 "Trial length from the server (trialDays, default 1)". */
export function useTrialDays() {
  const api = useApiClient();
  return useQuery({
    queryKey: trialKey,
    queryFn: async () => (await api.call(endpoints.insight.getInsightTrialTime)).trialDays,
  });
}

/** Spec doc 1 §8 "Survey loading: only status_code 0 pre-fills previous answers". */
export function useInsightSurvey(uid: number, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: surveyKey(uid),
    queryFn: async () => {
      try {
        const res = await api.call(endpoints.insight.getInsightSurvey, { UID: uid });
        return res.status_code === 0 ? res.data : null;
      } catch (e) {
        // Status 1: nothing saved yet (the client throws on a non-zero status); not worth a retry.
        if (isApiRequestError(e) && e.statusCode === 1) return null;
        throw e;
      }
    },
    enabled,
  });
}

/** Accepting the terms (spec doc 1 §4): the account becomes an Insight user. */
export function useAcceptInsight(uid: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.call(endpoints.insight.insightMigration, { UID: uid, termsAccepted: true })).service,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
  });
}

/**
 * Finish (spec doc 1 §4, §8): the answers and the storages; it succeeds only when both saves do.
 * Edits from the account area save the answers alone.
 */
export function useSaveSurvey(uid: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      answers,
      onboarding,
      locale,
    }: {
      answers: SurveyAnswers;
      onboarding: boolean;
      locale: string;
    }) => {
      await api.call(endpoints.insight.saveInsightSurvey, { UID: uid, answers, fromWelcomePage: onboarding });
      if (onboarding && answers.storages.length > 0)
        await api.call(endpoints.insight.saveInsightStorages, {
          UID: uid,
          storages: answers.storages,
          locale,
        });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['insight'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allStorages }),
      ]),
  });
}

/** The migration screen's call (spec doc 1 §7 /testMigrationCall). */
export function useMigrationKey(uid: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.insight.testMigrationCall, { UID: uid }),
  });
}

const migrationSettingsKey = ['insight', 'migrationSettings'] as const;

/** The admin's view of the migration (spec doc 1 §7 GET /getMigrationCount): on, URL, keys handed out. */
export function useMigrationSettings() {
  const api = useApiClient();
  return useQuery({
    queryKey: migrationSettingsKey,
    queryFn: () => api.call(endpoints.insight.getMigrationCount),
  });
}

/** POST /setMigrationOn: opens or closes the migration and sets the separate app's URL. */
export function useSetMigrationOn() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { on: boolean; url: string | null }) =>
      api.call(endpoints.insight.setMigrationOn, body),
    onSuccess: (data) => queryClient.setQueryData(migrationSettingsKey, data),
  });
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { emptySurvey, type SurveyAnswers } from '@emberwatch/shared/domain/insight/surveyAnswers';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useInsightSurvey, useSaveSurvey } from './insightQueries';
import type { InsightNavState, SurveyCompletedState } from './insightState';
import { SurveyWizard } from './SurveyWizard';

/**
 * The survey (spec doc 1 §2, §4): the onboarding wizard, which Finish saves with its storages and
 * leaves for / marked completed, or the account area's editor of the answers (doc 2 §2.8), which
 * saves the answers and goes back to the account's services. Saved answers pre-fill it (§8).
 */
export function SurveyPage({ nav, mode }: { nav: InsightNavState; mode: 'onboarding' | 'edit' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const saved = useInsightSurvey(nav.uid);
  const save = useSaveSurvey(nav.uid);
  if (saved.isPending) return <LoadingIndicator label={t('common.loading')} />;

  const finish = async (answers: SurveyAnswers): Promise<boolean> => {
    try {
      await save.mutateAsync({ answers, onboarding: mode === 'onboarding', locale: i18n.language });
    } catch (e) {
      // Spec doc 1 §8: a failed save changes nothing but a log line; the wizard stays open.
      console.warn('Saving the survey failed', e);
      return false;
    }
    if (mode === 'onboarding') {
      const state: SurveyCompletedState = { surveyCompleted: true };
      void navigate('/', { state });
    } else void navigate('/account/services');
    return true;
  };

  return (
    <SurveyWizard
      initial={saved.data ?? emptySurvey()}
      mode={mode}
      readOnly={mode === 'edit' && nav.readOnly === true}
      onFinish={finish}
      onCancel={mode === 'edit' ? () => void navigate('/account/services') : undefined}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import type { UserInfo } from '@emberwatch/shared';
import type { InsightNavState } from './insightState';

/**
 * The account area's way to the survey answers (spec doc 2 §1 "Accounts with the Insight service also
 * see and edit their background survey answers in the account area"): the editor at /insight/answers.
 */
export function SurveyAnswersLink({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  if (!user.service) return null;
  const state: InsightNavState = {
    plans: user.plans,
    service: user.service,
    uid: user.U_ID,
    country: user.country,
    bsId: user.bs_list[0]?.bsId ?? null,
  };
  return (
    <Button component={RouterLink} to="/insight/answers" state={state} size="small" variant="outlined">
      {t('insight.editAnswers')}
    </Button>
  );
}

import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import type { InsightNavState } from './insightState';

/**
 * The account area's way to the survey answers (spec doc 2 §1 "Accounts with the Insight service also
 * see and edit their background survey answers in the account area"): the editor at /insight/answers;
 * and the way to the migration screen (spec doc 1 §2), which says whether the move is open.
 */
export function SurveyAnswersLink({ user, mayEdit }: { user: UserInfo; mayEdit: boolean }) {
  const { t } = useTranslation();
  if (!user.service) return null;
  const state: InsightNavState = {
    plans: user.plans,
    service: user.service,
    uid: user.U_ID,
    country: user.country,
    bsId: user.bs_list[0]?.bsId ?? null,
    readOnly: !mayEdit,
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button component={RouterLink} to="/insight/answers" state={state} size="small" variant="outlined">
        {t('insight.editAnswers')}
      </Button>
      {mayEdit && (
        <Button component={RouterLink} to="/insight/migration" state={state} size="small">
          {t('insight.migration.open')}
        </Button>
      )}
    </Stack>
  );
}

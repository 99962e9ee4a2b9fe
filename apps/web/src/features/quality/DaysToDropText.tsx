import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import {
  daysToDropNotice,
  DAYS_TO_DROP_WARNING_DAYS,
  DEMO_DAYS_TO_DROP_WARNING_DAYS,
} from '@emberwatch/shared/domain/daysToDrop';

/**
 * When the next bar goes (spec doc 3 §9): in hours at 2 days or less (alert), in days up to 7 (demo
 * 4, warning), otherwise nothing; 999 (not ongoing, or nothing in sight) shows nothing.
 */
export function DaysToDropText({ days, isDemo }: { days: number; isDemo: boolean }) {
  const { t } = useTranslation();
  const notice = daysToDropNotice(days, isDemo ? DEMO_DAYS_TO_DROP_WARNING_DAYS : DAYS_TO_DROP_WARNING_DAYS);
  if (notice.level === 'none') return null;
  const alert = notice.level === 'alert';
  return (
    <Typography
      variant="caption"
      data-testid="days-to-drop"
      data-level={notice.level}
      sx={{ display: 'block', fontWeight: 600, color: alert ? 'error.main' : 'warning.dark' }}
    >
      {alert
        ? t('quality.dropInHours', { hours: notice.hours })
        : t('quality.dropInDays', { days: notice.days })}
    </Typography>
  );
}

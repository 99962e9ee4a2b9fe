import { useTranslation } from 'react-i18next';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import { MarkIcon } from './MarkIcon';

/**
 * The mark of a probe with a current alert of a monitor (spec doc 2 §3 probe data "alert"): a bell,
 * apart from the fire mark of the user's own alert temperature, since the two say different things
 * (a rule of a storage's monitor fired; a reading is above a preference).
 */
export function MonitorAlertIcon({ fontSize = '1.25rem' }: { fontSize?: string }) {
  const { t } = useTranslation();
  return (
    <MarkIcon label={t('probes.monitorAlert')} testId="monitor-alert" fontSize={fontSize}>
      <NotificationsActive fontSize="inherit" aria-hidden />
    </MarkIcon>
  );
}

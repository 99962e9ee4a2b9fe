import { useTranslation } from 'react-i18next';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';

/**
 * The mark of a probe with a current alert of a monitor (spec doc 2 §3 probe data "alert"): a bell
 * with a text alternative, apart from the fire mark of the user's own alert temperature, since the
 * two say different things (a rule of a storage's monitor fired; a reading is above a preference).
 */
export function MonitorAlertIcon({ fontSize = '1.25rem' }: { fontSize?: string }) {
  const { t } = useTranslation();
  const label = t('probes.monitorAlert');
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid="monitor-alert"
      sx={{ display: 'inline-flex', verticalAlign: 'middle', color: 'error.main', fontSize }}
    >
      <NotificationsActive fontSize="inherit" aria-hidden />
    </Box>
  );
}

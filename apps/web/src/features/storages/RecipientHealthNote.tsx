import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { RecipientHealth } from '@emberwatch/shared/contracts/delivery';
import { formatDate } from '../../lib/formatDate';

/**
 * One failing channel of a person, in words (decision 0070): "E-mails to Anna bounce since 12.3.2026,
 * last error: 550 …" in the user's date format. Shown while the server reports it: it goes once a
 * later message to that address is sent.
 */
export function RecipientHealthNote({
  health,
  name,
  dateFormat,
}: {
  health: RecipientHealth;
  name: string;
  dateFormat: string;
}) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="caption"
      color="error"
      component="div"
      data-testid={`health-${health.channel}`}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {t(`alertMessaging.health.${health.channel}`, {
        name,
        date: formatDate(health.failingSince, dateFormat),
        error: health.lastError,
      })}
    </Typography>
  );
}

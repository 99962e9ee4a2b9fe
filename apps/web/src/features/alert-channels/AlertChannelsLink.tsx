import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';

/** Where the Alert channels page is: the account area's tab. */
export const ALERT_CHANNELS_PATH = '/account/alerts';

/**
 * The way from a storage's alert messaging to the Alert channels page, where the channels it cannot
 * offer yet are set up ("Set up voice calls and Sentinel in Alert channels"). Nothing when both are.
 */
export function AlertChannelsLink({ voice, sentinel }: { voice: boolean; sentinel: boolean }) {
  const { t } = useTranslation();
  if (voice && sentinel) return null;
  const key = !voice && !sentinel ? 'both' : !voice ? 'voice' : 'sentinel';
  return (
    <Link component={RouterLink} to={ALERT_CHANNELS_PATH} variant="body2" data-testid="alert-channels-link">
      {t(`alertChannels.link.${key}`)}
    </Link>
  );
}

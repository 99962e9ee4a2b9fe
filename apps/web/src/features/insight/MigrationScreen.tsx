import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { useMigrationKey } from './insightQueries';
import type { InsightNavState } from './insightState';

/** The separate app's address with the one-time key (only http(s) addresses are followed). */
export function migrationTarget(url: string, key: string): string | null {
  try {
    const target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
    target.searchParams.set('key', key);
    return target.toString();
  } catch {
    return null;
  }
}

/**
 * Spec doc 1 §2 "Migration screen: title, two texts and a Continue button leading to the external app
 * URL given by the server, or to /login if none"; §8 a non-zero status shows the migration error
 * text, a failed call the server error text.
 */
export function MigrationScreen({
  nav,
  go = (url) => window.location.assign(url),
}: {
  nav: InsightNavState;
  go?: (url: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const migration = useMigrationKey(nav.uid);
  // A non-zero status (the client throws on it) is the migration's refusal; no answer is the server's.
  const error = migration.error;
  const refused = error !== null && isApiRequestError(error) && error.httpStatus !== 0;

  const proceed = () =>
    migration.mutate(undefined, {
      onSuccess: (res) => {
        const target = res.url && res.key ? migrationTarget(res.url, res.key) : null;
        if (target) go(target);
        else void navigate('/login');
      },
    });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('insight.migration.title')}
        </Typography>
        <Typography>{t('insight.migration.text1')}</Typography>
        <Typography>{t('insight.migration.text2')}</Typography>
        {error && (
          <Alert severity="error">{refused ? t('insight.migrationError') : t('insight.serverError')}</Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" disabled={migration.isPending} onClick={proceed}>
            {t('insight.migration.continue')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

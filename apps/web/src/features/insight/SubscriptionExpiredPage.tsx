import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../sessions';
import { INSIGHT_SUPPORT_EMAIL } from './insightState';

/**
 * Spec doc 1 §2 "Subscription-expired screen: message 'Subscription expired', the first base station
 * id, a mailto link to support and a back button to /login. Tokens are cleared." It lives outside
 * the auth gate (app/appRoutes.tsx), so that ending the session does not take it away.
 */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const { logout } = useSession();
  const bsId = (state as { bsId?: unknown } | null)?.bsId;
  const cleared = useRef(false);

  useEffect(() => {
    if (cleared.current) return;
    cleared.current = true;
    void logout().catch(() => undefined);
  }, [logout]);

  return (
    <Stack
      component="main"
      sx={{ minHeight: '100dvh', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 480, width: '100%' }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('insight.expired.title')}
          </Typography>
          {typeof bsId === 'string' && (
            <Typography data-testid="expired-bs">{t('insight.expired.station', { bsId })}</Typography>
          )}
          <Typography>
            {t('insight.expired.contact')}{' '}
            <Link
              href={`mailto:${INSIGHT_SUPPORT_EMAIL}${typeof bsId === 'string' ? `?subject=${encodeURIComponent(bsId)}` : ''}`}
            >
              {INSIGHT_SUPPORT_EMAIL}
            </Link>
          </Typography>
          <Button variant="contained" onClick={() => void navigate('/login', { replace: true })}>
            {t('insight.expired.back')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

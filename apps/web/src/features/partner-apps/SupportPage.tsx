import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { supportProductOf, type SupportProduct } from '@emberwatch/shared/domain/partnerApps/partnerAppRules';
import { loginPathFor, useSession, useSessionInfo } from '../sessions';
import { SupportLinks } from './SupportLinks';

/**
 * /SAV-{product} (spec doc 1 §2 "Service/support page, can log the user in"; decision 0118): the
 * product's support content for anyone, and a login that comes back here. A product that does not
 * exist says so, with the ones that do.
 */
export function SupportPage() {
  const { pathname } = useLocation();
  const product = supportProductOf(pathname) ?? null;
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 2, sm: 3 }, mt: { sm: 6 } }}>
        {product ? (
          <ProductSupport product={product} pathname={pathname} />
        ) : (
          <NoSuchProduct pathname={pathname} />
        )}
      </Paper>
    </Box>
  );
}

function ProductSupport({ product, pathname }: { product: SupportProduct; pathname: string }) {
  const { t } = useTranslation();
  const title = t(`partnerApps.sav.${product}.title`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [t, title]);
  return (
    <Stack spacing={2} data-testid={`support-page-${product}`}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography>{t(`partnerApps.sav.${product}.intro`)}</Typography>
      <Box component="section" aria-labelledby="support-tips">
        <Typography id="support-tips" variant="subtitle1" component="h2">
          {t('partnerApps.sav.tips')}
        </Typography>
        <List dense disablePadding>
          {(['tip1', 'tip2', 'tip3'] as const).map((k) => (
            <ListItem key={k} disableGutters>
              <ListItemText primary={t(`partnerApps.sav.${product}.${k}`)} />
            </ListItem>
          ))}
        </List>
      </Box>
      <Typography variant="body2">{t('partnerApps.sav.contact')}</Typography>
      <Divider />
      <SessionBox pathname={pathname} />
      <Divider />
      <SupportLinks label={t('partnerApps.sav.others')} except={product} />
    </Stack>
  );
}

/** Logged out: a login that returns to this page; logged in: who, and the way into the app. */
function SessionBox({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const session = useSessionInfo();
  if (status === 'restoring') return <LinearProgress aria-label={t('common.loading')} />;
  if (status === 'authenticated')
    return (
      <Stack spacing={1} alignItems="flex-start" data-testid="support-logged-in">
        <Typography>{t('partnerApps.login.loggedIn', { username: session.data?.username ?? '' })}</Typography>
        <Button variant="contained" component={RouterLink} to="/">
          {t('partnerApps.login.open')}
        </Button>
      </Stack>
    );
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Typography>{t('partnerApps.sav.loginIntro')}</Typography>
      <Button
        variant="contained"
        component={RouterLink}
        to={loginPathFor(pathname)}
        data-testid="support-login"
      >
        {t('partnerApps.sav.login')}
      </Button>
    </Stack>
  );
}

function NoSuchProduct({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const name = decodeURIComponent(pathname.replace(/^\/sav-/i, '').replace(/\/$/, ''));
  const title = t('partnerApps.sav.notFoundTitle', { product: name });
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [t, title]);
  return (
    <Stack spacing={2} data-testid="support-not-found">
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Alert severity="warning">{t('partnerApps.sav.notFound')}</Alert>
      <SupportLinks label={t('partnerApps.sav.others')} />
      <Button component={RouterLink} to="/login" sx={{ alignSelf: 'flex-start' }}>
        {t('partnerApps.sav.home')}
      </Button>
    </Stack>
  );
}

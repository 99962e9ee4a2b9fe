import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PartnerApp } from '@emberwatch/shared/domain/partnerApps/partnerAppRules';
import { useSession } from '../sessions';
import { LoginBox } from './LoginBox';
import { SupportLinks } from './SupportLinks';

/**
 * /gari and /haytechapp (spec doc 1 §2 route table; decision 0116): the partner-app users' entry.
 * It says what Emberwatch is for them and what they do not find here (their reduced menu), and lets
 * them log in; a logged-in user goes on to the app ("/", their probes).
 */
export function PartnerEntryPage({ app }: { app: PartnerApp }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const title = t(`partnerApps.entry.${app}.title`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [t, title]);
  if (status === 'restoring') return <LinearProgress aria-label={t('common.loading')} />;
  if (status === 'authenticated') return <Navigate to="/" replace />;

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}
    >
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 560, p: { xs: 2, sm: 3 }, mt: { sm: 6 } }}
        data-testid={`partner-entry-${app}`}
      >
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography>{t(`partnerApps.entry.${app}.intro`)}</Typography>
          <Box component="section" aria-labelledby="partner-what-here">
            <Typography id="partner-what-here" variant="subtitle1" component="h2">
              {t('partnerApps.entry.whatHere')}
            </Typography>
            <List dense disablePadding>
              {(['probes', 'settings', 'alerts'] as const).map((k) => (
                <ListItem key={k} disableGutters>
                  <ListItemText primary={t(`partnerApps.entry.${k}`)} />
                </ListItem>
              ))}
            </List>
            <Typography variant="body2" color="text.secondary">
              {t(`partnerApps.entry.${app}.notHere`)}
            </Typography>
          </Box>
          {app === 'haytech' && <Alert severity="info">{t('partnerApps.entry.haytech.activate')}</Alert>}
          <Divider />
          <LoginBox />
          <Divider />
          <SupportLinks label={t('partnerApps.entry.support')} />
        </Stack>
      </Paper>
    </Box>
  );
}

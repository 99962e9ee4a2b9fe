import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { formatInsightDate, insightTrialEnd } from '@emberwatch/shared/domain/insight/insightTrial';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { useAcceptInsight, useTrialDays } from './insightQueries';
import type { InsightNavState } from './insightState';

/** Spec doc 1 §2: the four benefits of the welcome page. */
const BENEFITS = ['temperatures', 'alerts', 'quality', 'storages'] as const;
/** Where the terms of use are read (a page of the product's site, opened beside the app). */
export const INSIGHT_TERMS_URL = 'https://emberwatch.app/insight/terms';

/**
 * Spec doc 1 §2 "Welcome page: title, explanatory messages, a list of 4 benefits, the trial notice, a
 * required checkbox to accept the terms of use (with a link to the terms page) and a Next button
 * enabled only after acceptance"; §4 Next calls the Insight migration and goes to the survey.
 */
export function WelcomePage({ nav }: { nav: InsightNavState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [touched, setTouched] = useState(false);
  const trialDays = useTrialDays();
  const accept = useAcceptInsight(nav.uid);
  const days = trialDays.data;
  const [nowS] = useState(() => Math.floor(Date.now() / 1000));
  const trialEnd = days === undefined ? null : insightTrialEnd(nowS, days, nav.plans);

  const next = () => {
    if (!accepted || accept.isPending) return;
    accept.mutate(undefined, {
      onSuccess: (service) => void navigate('/insight/survey', { state: { ...nav, service } }),
    });
  };
  const error = accept.error;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('insight.welcome.title')}
        </Typography>
        <Typography>{t('insight.welcome.intro')}</Typography>
        <Typography>{t('insight.welcome.intro2')}</Typography>
        <List dense aria-label={t('insight.welcome.benefitsLabel')}>
          {BENEFITS.map((b) => (
            <ListItem key={b}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutline color="success" />
              </ListItemIcon>
              <ListItemText primary={t(`insight.welcome.benefits.${b}`)} />
            </ListItem>
          ))}
        </List>
        <Alert severity="info" data-testid="trial-notice">
          {days === undefined
            ? t('insight.welcome.trialLoading')
            : t('insight.welcome.trial', { days, date: formatInsightDate(trialEnd ?? 0) })}
        </Alert>
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={accepted}
                required
                onChange={(e) => {
                  setAccepted(e.target.checked);
                  setTouched(true);
                }}
              />
            }
            label={
              <>
                {t('insight.welcome.accept')}{' '}
                <Link href={INSIGHT_TERMS_URL} target="_blank" rel="noopener">
                  {t('insight.welcome.terms')}
                </Link>
              </>
            }
          />
          {touched && !accepted && <FormHelperText error>{t('insight.welcome.mustAccept')}</FormHelperText>}
        </div>
        {error && (
          <Alert severity="error">
            {isApiRequestError(error) && error.httpStatus !== 0
              ? t('insight.migrationError')
              : t('insight.serverError')}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" disabled={!accepted || accept.isPending} onClick={next}>
            {t('insight.next')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

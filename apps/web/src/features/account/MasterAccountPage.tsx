import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useMasterUserInfo } from './accountQueries';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { countryName } from './countries';
import { FieldRow } from './FieldRow';

/** Spec doc 2 §2.8: "Master accounts see only a master-user page (no tabs) with the master's details." */
export function MasterAccountPage() {
  const { t, i18n } = useTranslation();
  const master = useMasterUserInfo();
  const [changing, setChanging] = useState(false);
  if (master.error) return <LoadErrorAlert error={master.error} onRetry={() => void master.refetch()} />;
  if (!master.data) return <LoadingIndicator label={t('common.loading')} />;
  const m = master.data;
  const notSet = <Typography color="text.secondary">{t('account.notSet')}</Typography>;

  return (
    <Stack spacing={2} data-testid="master-account">
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }}>
        <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
          {t('account.master.title')}
        </Typography>
        <FieldRow testId="master-username" label={t('account.credentials.username')} value={m.username} />
        <FieldRow testId="master-name" label={t('account.profile.firstname')} value={m.firstname || notSet} />
        <FieldRow
          testId="master-company"
          label={t('account.profile.lastname')}
          value={m.lastname || notSet}
        />
        <FieldRow testId="master-email" label={t('account.profile.email')} value={m.email || notSet} />
        <FieldRow testId="master-phone" label={t('account.phone.label')} value={m.phone || notSet} />
        <FieldRow
          testId="master-country"
          label={t('account.profile.country')}
          value={m.country ? countryName(m.country, i18n.language) : notSet}
        />
        <FieldRow
          testId="master-password"
          label={t('account.credentials.password')}
          value="••••••••"
          action={
            <Button size="small" onClick={() => setChanging(true)}>
              {t('account.credentials.change')}
            </Button>
          }
        />
      </Paper>
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('account.master.accounts')}
        </Typography>
        {m.accounts.length === 0 ? (
          <Typography color="text.secondary">{t('account.master.none')}</Typography>
        ) : (
          <List disablePadding>
            {m.accounts.map((a) => (
              <ListItem key={a.UID} divider disableGutters>
                <ListItemText primary={a.name} secondary={a.username} />
                <Chip
                  size="small"
                  variant="outlined"
                  color={a.authorized ? 'success' : 'default'}
                  label={t(a.authorized ? 'account.master.authorized' : 'account.master.waiting')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      {changing && <ChangePasswordDialog target={{ own: true }} onClose={() => setChanging(false)} />}
    </Stack>
  );
}

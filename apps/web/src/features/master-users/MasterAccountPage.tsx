import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidEmail, type MasterUserInfo } from '@emberwatch/shared/contracts/account';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { FieldRow } from '../../ui/FieldRow';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useSession } from '../sessions';
import {
  useMasterUserInfo,
  useRemoveMasterUser,
  useSaveMasterUser,
  useStopWatching,
} from './masterUsersQueries';

/**
 * The master user's own page (spec doc 2 §2.8 "Master accounts see only a master-user page (no tabs)
 * with the master's details", §6 "a separate account page"; decision 0104), at /account where the
 * side menu's account entry leads: its details, which it edits (saveMasterUser), its password (the
 * account area's dialog, passed in), the farms that let it watch them, each of which it may stop
 * watching, and the deletion of its master account with its password (removeMasterUser).
 */
export function MasterAccountPage({
  changePassword,
}: {
  changePassword: (onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const master = useMasterUserInfo();
  const [dialog, setDialog] = useState<'edit' | 'password' | 'remove' | null>(null);
  const [leaving, setLeaving] = useState<MasterUserInfo['accounts'][number] | null>(null);
  if (master.error) return <LoadErrorAlert error={master.error} onRetry={() => void master.refetch()} />;
  if (!master.data) return <LoadingIndicator label={t('common.loading')} />;
  const m = master.data;
  const notSet = <Typography color="text.secondary">{t('account.notSet')}</Typography>;
  const close = () => setDialog(null);

  return (
    <Stack spacing={2} data-testid="master-account">
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', pt: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('account.master.title')}
          </Typography>
          <Button size="small" onClick={() => setDialog('edit')} data-testid="master-edit">
            {t('masterUsers.account.edit')}
          </Button>
        </Box>
        <FieldRow testId="master-username" label={t('account.credentials.username')} value={m.username} />
        <FieldRow testId="master-name" label={t('masterUsers.fields.name')} value={m.firstname || notSet} />
        <FieldRow
          testId="master-company"
          label={t('masterUsers.fields.company')}
          value={m.lastname || notSet}
        />
        <FieldRow testId="master-email" label={t('masterUsers.fields.email')} value={m.email || notSet} />
        <FieldRow testId="master-phone" label={t('masterUsers.fields.phone')} value={m.phone || notSet} />
        <FieldRow
          testId="master-country"
          label={t('masterUsers.fields.country')}
          value={m.country?.toUpperCase() || notSet}
        />
        <FieldRow
          testId="master-password"
          label={t('account.credentials.password')}
          value="••••••••"
          action={
            <Button size="small" onClick={() => setDialog('password')}>
              {t('account.credentials.change')}
            </Button>
          }
        />
      </Paper>
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('account.master.accounts')}
        </Typography>
        {/* Decision 0104 §11: the farm invites; the master tells it his username. */}
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="master-how-farms-invite">
          {t('masterUsers.account.howFarmsInvite', { username: m.username })}
        </Typography>
        {m.accounts.length === 0 ? (
          <Typography color="text.secondary">{t('account.master.none')}</Typography>
        ) : (
          <List disablePadding>
            {m.accounts.map((a) => (
              <ListItem key={a.UID} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <ListItemText primary={a.name} secondary={a.username} />
                <Chip
                  size="small"
                  variant="outlined"
                  color={a.authorized ? 'success' : 'default'}
                  label={t(a.authorized ? 'account.master.authorized' : 'account.master.waiting')}
                />
                <Button size="small" color="warning" onClick={() => setLeaving(a)}>
                  {t('masterUsers.account.stopWatching')}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('masterUsers.remove.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('masterUsers.remove.explain')}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setDialog('remove')}>
          {t('masterUsers.remove.button')}
        </Button>
      </Paper>
      {dialog === 'edit' && <EditDialog master={m} onClose={close} />}
      {dialog === 'password' && changePassword(close)}
      {dialog === 'remove' && <RemoveDialog onClose={close} />}
      {leaving && <StopWatchingDialog farm={leaving} onClose={() => setLeaving(null)} />}
    </Stack>
  );
}

function EditDialog({ master, onClose }: { master: MasterUserInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveMasterUser();
  const [f, setF] = useState({
    firstname: master.firstname ?? '',
    lastname: master.lastname ?? '',
    email: master.email ?? '',
    country: master.country ?? '',
  });
  const problems = {
    firstname: f.firstname.trim() === '' ? t('masterUsers.errors.nameRequired') : null,
    email: !isValidEmail(f.email.trim()) ? t('masterUsers.errors.invalidEmail') : null,
    country:
      f.country.trim() !== '' && !/^[A-Za-z]{2}$/.test(f.country.trim())
        ? t('masterUsers.errors.country')
        : null,
  };
  const valid = Object.values(problems).every((p) => p === null);
  const text = (name: keyof typeof f, label: string, problem: string | null = null) => (
    <TextField
      label={label}
      value={f[name]}
      onChange={(e) => setF({ ...f, [name]: e.target.value })}
      error={problem !== null}
      helperText={problem ?? ' '}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `edit-master-${name}` } }}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-master-title">
      <DialogTitle id="edit-master-title">{t('masterUsers.account.edit')}</DialogTitle>
      <DialogContent>
        <Stack spacing={0.5} sx={{ pt: 1 }}>
          {text('firstname', t('masterUsers.fields.name'), problems.firstname)}
          {text('lastname', t('masterUsers.fields.company'))}
          {text('email', t('masterUsers.fields.email'), problems.email)}
          {text('country', t('masterUsers.fields.country'), problems.country)}
        </Stack>
        {save.error && <Alert severity="error">{t('masterUsers.errors.saveFailed')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('masterUsers.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!valid || save.isPending}
          onClick={() =>
            save.mutate(
              {
                firstname: f.firstname.trim(),
                lastname: f.lastname.trim(),
                email: f.email.trim(),
                country: f.country.trim() === '' ? null : f.country.trim(),
              },
              { onSuccess: onClose },
            )
          }
        >
          {t('masterUsers.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function StopWatchingDialog({ farm, onClose }: { farm: { UID: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const stop = useStopWatching();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="stop-watching-title">
      <DialogTitle id="stop-watching-title">{t('masterUsers.account.stopWatching')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('masterUsers.account.stopExplain', { name: farm.name })}</DialogContentText>
        {stop.error && <Alert severity="error">{t('masterUsers.errors.saveFailed')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('masterUsers.cancel')}</Button>
        <Button
          color="warning"
          variant="contained"
          disabled={stop.isPending}
          onClick={() => stop.mutate(farm.UID, { onSuccess: onClose })}
        >
          {t('masterUsers.account.stopWatching')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RemoveDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveMasterUser();
  const { logout } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const wrong = isApiRequestError(remove.error) && remove.error.httpStatus === 400;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="remove-master-title">
      <DialogTitle id="remove-master-title">{t('masterUsers.remove.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('masterUsers.remove.confirm')}</DialogContentText>
        <TextField
          label={t('account.credentials.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          size="small"
          fullWidth
          error={wrong}
          helperText={wrong ? t('masterUsers.remove.wrongPassword') : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'remove-master-password' } }}
        />
        {remove.error && !wrong && <Alert severity="error">{t('masterUsers.errors.saveFailed')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('masterUsers.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={password === '' || remove.isPending}
          onClick={() =>
            remove.mutate(password, {
              // The account is gone and its sessions ended: out to the login page.
              onSuccess: () => {
                void logout()
                  .catch(() => undefined)
                  .then(() => navigate('/login', { replace: true }));
              },
            })
          }
        >
          {t('masterUsers.remove.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

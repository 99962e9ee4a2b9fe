import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usernameProblem } from '@emberwatch/shared/contracts/account';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { MasterUserByUsernameResponse } from '@emberwatch/shared/contracts/masterAccess';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { queryKeys } from '../../lib/queryKeys';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { useDateTimeText } from '../sessions';

const mastersKey = (uid: number) => ['masterAccess', 'masters', uid] as const;

/**
 * The farm's masters (decision 0104; spec doc 1 §7 authorizeMasterUsers, doc 2 §7 "get master user by
 * username"): who can watch the account or asked to — name, username, since when, grand master or
 * not — each with Withdraw (a request: Refuse), and an invitation by username: the master is looked
 * up, then a request is made and granted (authorizeMasterUsers), as the request dialog grants one.
 */
export function AccountMasters({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const dateText = useDateTimeText();
  const masters = useQuery({
    queryKey: mastersKey(accountId),
    queryFn: async () =>
      (await api.call(endpoints.masterAccess.getAccountMasters, { UID: accountId })).masters,
  });
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mastersKey(accountId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
    ]);
  const withdraw = useMutation({
    mutationFn: (id: number) =>
      api.call(endpoints.masterAccess.withdrawMasterUsers, { UID: accountId, masters: [id] }),
    onSuccess: reload,
  });
  const grant = useMutation({
    mutationFn: (id: number) =>
      api.call(endpoints.masterAccess.authorizeMasterUsers, { UID: accountId, authMasters: [id] }),
    onSuccess: reload,
  });

  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }} data-testid="account-masters">
      <Typography variant="h6" component="h2">
        {t('masterAccess.masters.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('masterAccess.explain')}
      </Typography>
      {masters.error && <LoadErrorAlert error={masters.error} onRetry={() => void masters.refetch()} />}
      {masters.data &&
        (masters.data.length === 0 ? (
          <Typography color="text.secondary">{t('masterAccess.masters.none')}</Typography>
        ) : (
          <List disablePadding>
            {masters.data.map((m) => (
              <ListItem key={m.id} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <ListItemText
                  primary={m.name}
                  secondary={`${m.username} · ${t('masterAccess.masters.since', { date: dateText(m.since) })}`}
                />
                {m.grandMaster && (
                  <Chip size="small" color="secondary" label={t('masterAccess.masters.grandMaster')} />
                )}
                <Chip
                  size="small"
                  variant="outlined"
                  color={m.authorized ? 'success' : 'default'}
                  label={t(m.authorized ? 'masterAccess.masters.authorized' : 'masterAccess.masters.waiting')}
                />
                {!m.authorized && (
                  <Button size="small" disabled={grant.isPending} onClick={() => grant.mutate(m.id)}>
                    {t('masterAccess.submit')}
                  </Button>
                )}
                <Button
                  size="small"
                  color="warning"
                  disabled={withdraw.isPending}
                  onClick={() => withdraw.mutate(m.id)}
                  aria-label={t('masterAccess.masters.withdrawName', { name: m.name })}
                >
                  {t(m.authorized ? 'masterAccess.masters.withdraw' : 'masterAccess.masters.refuse')}
                </Button>
              </ListItem>
            ))}
          </List>
        ))}
      {(withdraw.error ?? grant.error) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('masterAccess.failed', { status: statusOf(withdraw.error ?? grant.error) })}
        </Alert>
      )}
      <Invite accountId={accountId} onInvited={reload} />
    </Paper>
  );
}

const statusOf = (e: unknown) => (isApiRequestError(e) ? e.httpStatus : 0);

/** Find a master by username, then let him watch: a request made and granted at once. */
function Invite({ accountId, onInvited }: { accountId: number; onInvited: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [username, setUsername] = useState('');
  const [found, setFound] = useState<MasterUserByUsernameResponse['master'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = usernameProblem(username.trim()) === null;

  async function attempt(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(
        isApiRequestError(e) && e.httpStatus === 404
          ? t('masterAccess.invite.notFound')
          : t('masterAccess.failed', { status: statusOf(e) }),
      );
    } finally {
      setBusy(false);
    }
  }
  const find = (e: FormEvent) => {
    e.preventDefault();
    setFound(null);
    if (valid)
      void attempt(async () => {
        const res = await api.call(endpoints.masterAccess.getMasterUserByUsername, {
          UID: accountId,
          username: username.trim(),
        });
        setFound(res.master);
      });
  };
  const authorise = (m: { username: string }) =>
    attempt(async () => {
      const { id } = await api.call(endpoints.masterAccess.inviteMasterUser, {
        UID: accountId,
        username: m.username,
      });
      await api.call(endpoints.masterAccess.authorizeMasterUsers, { UID: accountId, authMasters: [id] });
      setFound(null);
      setUsername('');
      await onInvited();
    });

  return (
    <Box component="form" noValidate onSubmit={find} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {t('masterAccess.invite.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField
          label={t('masterAccess.invite.username')}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setFound(null);
          }}
          size="small"
          slotProps={{ htmlInput: { 'data-testid': 'invite-master-username' } }}
        />
        <Button type="submit" disabled={!valid || busy}>
          {t('masterAccess.invite.find')}
        </Button>
      </Stack>
      {found && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1, alignItems: 'center' }}
          data-testid="invite-master-found"
        >
          <Typography>
            {found.name} ({found.username})
          </Typography>
          <Button variant="contained" size="small" disabled={busy} onClick={() => void authorise(found)}>
            {t('masterAccess.invite.authorise')}
          </Button>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

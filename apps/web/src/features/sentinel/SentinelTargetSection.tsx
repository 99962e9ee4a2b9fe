import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AlertChannelRights } from '@emberwatch/shared/contracts/alertChannels';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SentinelAlerts } from '@emberwatch/shared/contracts/sentinel';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError, isNetworkFailure } from '../../lib/ApiRequestError';
import type { TranslationKey } from '../../i18n/translationKey';
import { SentinelTestButton } from './SentinelTestButton';

const sentinelKey = (uid: number) => ['sentinel', uid] as const;

type Confirm = 'remove' | 'rotate' | null;

function failureKey(error: unknown): TranslationKey {
  if (isNetworkFailure(error) || !isApiRequestError(error)) return 'sentinel.setup.offline';
  if (error.httpStatus === 400) return 'sentinel.setup.invalid';
  if (error.httpStatus === 403) return 'sentinel.setup.forbidden';
  return 'sentinel.setup.failed';
}

/**
 * The account's Sentinel target on the Alert channels page (decisions 0046, 0072): the site id and the
 * receiver's URL, saved by the owner (or an admin for the account); the signing secret shown once, to
 * the owner, when a target is made or its secret renewed; the test call; removal. Those who may not
 * read the target (a sub-user, a watching master) see who sets it up, and the test where allowed.
 */
export function SentinelTargetSection({
  uid,
  hasTarget,
  rights,
  onChanged,
}: {
  uid: number;
  hasTarget: boolean;
  rights: Pick<AlertChannelRights, 'readSentinel' | 'setSentinel' | 'rotateSentinel' | 'testSentinel'>;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="sentinel-setup-title"
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
      data-testid="alert-channels-sentinel"
    >
      <Typography id="sentinel-setup-title" variant="h6" component="h2" sx={{ mb: 1, fontSize: '1.1rem' }}>
        {t('sentinel.setup.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('sentinel.setup.text')}
      </Typography>
      {rights.readSentinel ? (
        <SentinelTargetForm uid={uid} rights={rights} onChanged={onChanged} />
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="body2">
            {t(hasTarget ? 'sentinel.setup.connected' : 'sentinel.setup.none')}{' '}
            {t('sentinel.setup.ownerOnly')}
          </Typography>
          {hasTarget && rights.testSentinel && <SentinelTestButton uid={uid} />}
        </Stack>
      )}
    </Paper>
  );
}

function SentinelTargetForm({
  uid,
  rights,
  onChanged,
}: {
  uid: number;
  rights: Pick<AlertChannelRights, 'setSentinel' | 'rotateSentinel' | 'testSentinel'>;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  // Reading hands the owner a secret he has not seen, once: it is read once per visit (a refetch
  // would answer without it), and the editor keeps it until the page is left.
  const target = useQuery({
    queryKey: sentinelKey(uid),
    queryFn: () => api.call(endpoints.sentinel.sentinelCall, { UID: uid }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (target.isPending) return <Typography variant="body2">{t('common.loading')}</Typography>;
  if (target.isError)
    return (
      <Alert severity="error" role="alert">
        {t(failureKey(target.error))}
      </Alert>
    );
  return <SentinelTargetEditor uid={uid} rights={rights} onChanged={onChanged} initial={target.data} />;
}

const EMPTY: SentinelAlerts = { siteID: '', url: '' };

function SentinelTargetEditor({
  uid,
  rights,
  onChanged,
  initial,
}: {
  uid: number;
  rights: Pick<AlertChannelRights, 'setSentinel' | 'rotateSentinel' | 'testSentinel'>;
  onChanged: () => void;
  initial: { sentinelAlerts: SentinelAlerts | null; secret?: string };
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<SentinelAlerts | null>(initial.sentinelAlerts);
  const [secret, setSecret] = useState<string | null>(initial.secret ?? null);
  const [rotatedForOwner, setRotatedForOwner] = useState(false);
  const [draft, setDraft] = useState<SentinelAlerts>(initial.sentinelAlerts ?? EMPTY);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const saved = (next: { sentinelAlerts: SentinelAlerts | null; secret?: string }) => {
    queryClient.setQueryData(sentinelKey(uid), {
      status_code: 0 as const,
      sentinelAlerts: next.sentinelAlerts,
    });
    setCurrent(next.sentinelAlerts);
    setDraft(next.sentinelAlerts ?? EMPTY);
    if (next.secret) setSecret(next.secret);
    if (!next.sentinelAlerts) setSecret(null);
    setRotatedForOwner(false);
    onChanged();
  };
  const save = useMutation({
    mutationFn: (sentinelAlerts: SentinelAlerts | null) =>
      api.call(endpoints.sentinel.setSentinelTarget, { UID: uid, sentinelAlerts }),
    onSuccess: saved,
  });
  const rotate = useMutation({
    mutationFn: () => api.call(endpoints.sentinel.rotateSentinelSecret, { UID: uid }),
    onSuccess: (answer) => {
      if (answer.secret) setSecret(answer.secret);
      else setRotatedForOwner(true);
    },
  });
  const busy = save.isPending || rotate.isPending;
  const changed =
    draft.siteID.trim() !== (current?.siteID ?? '') || draft.url.trim() !== (current?.url ?? '');
  const complete = draft.siteID.trim() !== '' && draft.url.trim() !== '';
  const error = save.error ?? rotate.error;

  return (
    <Stack spacing={1.5}>
      {!current && (
        <Typography variant="body2" data-testid="sentinel-none">
          {t('sentinel.setup.none')}
        </Typography>
      )}
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        onSubmit={(e) => {
          e.preventDefault();
          if (changed && complete) save.mutate({ siteID: draft.siteID.trim(), url: draft.url.trim() });
        }}
      >
        <TextField
          size="small"
          label={t('sentinel.setup.siteId')}
          value={draft.siteID}
          disabled={!rights.setSentinel || busy}
          onChange={(e) => setDraft({ ...draft, siteID: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <TextField
          size="small"
          label={t('sentinel.setup.url')}
          value={draft.url}
          disabled={!rights.setSentinel || busy}
          onChange={(e) => setDraft({ ...draft, url: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 2048, inputMode: 'url' } }}
          sx={{ flex: 1 }}
        />
        {rights.setSentinel && (
          <Box>
            <Button type="submit" variant="contained" disabled={!changed || !complete || busy}>
              {save.isPending ? t('sentinel.setup.saving') : t('sentinel.setup.save')}
            </Button>
          </Box>
        )}
      </Stack>
      {error && (
        <Alert severity="error" role="alert">
          {t(failureKey(error))}
        </Alert>
      )}
      {secret && (
        <Alert severity="warning" data-testid="sentinel-secret">
          <Typography variant="subtitle2" component="p">
            {t('sentinel.setup.secretTitle')}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', my: 0.5 }}>
            {secret}
          </Typography>
          <Typography variant="body2">{t('sentinel.setup.secretText')}</Typography>
        </Alert>
      )}
      {rotatedForOwner && (
        <Alert severity="info" role="status">
          {t('sentinel.setup.rotatedForOwner')}
        </Alert>
      )}
      {current && (
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
          {rights.testSentinel && <SentinelTestButton uid={uid} />}
          {rights.rotateSentinel && (
            <Button size="small" disabled={busy} onClick={() => setConfirm('rotate')}>
              {t('sentinel.setup.rotate')}
            </Button>
          )}
          {rights.setSentinel && (
            <Button size="small" color="error" disabled={busy} onClick={() => setConfirm('remove')}>
              {t('sentinel.setup.remove')}
            </Button>
          )}
        </Stack>
      )}
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogContent>
          <DialogContentText>
            {t(confirm === 'rotate' ? 'sentinel.setup.rotateConfirm' : 'sentinel.setup.removeConfirm')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('sentinel.setup.cancel')}</Button>
          <Button
            color={confirm === 'remove' ? 'error' : 'primary'}
            onClick={() => {
              if (confirm === 'remove') save.mutate(null);
              else rotate.mutate();
              setConfirm(null);
            }}
          >
            {t(confirm === 'rotate' ? 'sentinel.setup.rotate' : 'sentinel.setup.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Kit } from '@emberwatch/shared/contracts/activation';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { queryKeys } from '../../lib/queryKeys';
import { useOperatorTool } from '../../lib/useOperatorTool';

type Action = 'activate' | 'remove' | 'undo';

/** A refusal in the admin's words: 400 bad input, 409 the kit or station is not in a state for it. */
function failureKey(action: Action, err: unknown) {
  if (isApiRequestError(err) && err.httpStatus === 400) return 'activation.admin.invalid' as const;
  if (isApiRequestError(err) && err.httpStatus === 409)
    return action === 'undo'
      ? ('activation.admin.inUse' as const)
      : action === 'remove'
        ? ('activation.admin.setActivated' as const)
        : ('activation.admin.alreadyActive' as const);
  return 'activation.server_err' as const;
}

/**
 * The admin's actions on one kit (spec doc 1 §7 Admin POST; decision 0059): an open kit is activated
 * for an account without its code (activateKitAdmin for a station, activateUsersSet for a probe set on
 * the account's station); an open probe set can be removed; an activated station can be taken out of
 * its account again while untouched. The two destructive ones ask first.
 */
export function KitAdminActions({ kit }: { kit: Kit }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Action | null>(null);
  const [uid, setUid] = useState('');
  const [bsId, setBsId] = useState('');
  const mayActivate = useOperatorTool('kitActivation');
  const mayRemove = useOperatorTool('probeSetRemoval');
  const mayUndo = useOperatorTool('activationUndo');

  const mutation = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'remove') await api.call(endpoints.activation.removeSet, { set_id: kit.set_id ?? '' });
      else if (action === 'undo')
        await api.call(endpoints.activation.undoBSActivation, {
          BS_ID: kit.claimed?.bs_id ?? kit.bs_id ?? '',
        });
      else if (kit.kind === 'probes')
        await api.call(endpoints.activation.activateUsersSet, {
          UID: Number(uid),
          BS_ID: bsId.trim().toUpperCase(),
          set_id: kit.set_id ?? '',
        });
      else await api.call(endpoints.activation.activateKitAdmin, { kit_id: kit.id, UID: Number(uid) });
    },
    onSuccess: () => {
      setOpen(null);
      setUid('');
      setBsId('');
      // The kit moved between the lists; a station joined or left an account.
      void queryClient.invalidateQueries({ queryKey: ['kits'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.basestations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo });
    },
  });

  const show = (action: Action) => {
    mutation.reset();
    setOpen(action);
  };
  const uidValid = /^[1-9][0-9]{0,9}$/.test(uid.trim());
  const bsValid = kit.kind !== 'probes' || /^[A-Za-z][0-9]{7}$/.test(bsId.trim());
  const name =
    kit.kind === 'system'
      ? t('activation.kits.station', { bsId: kit.bs_id ?? '' })
      : t('activation.setName', { setId: kit.set_id ?? '' });

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'center', displayPrint: 'none' }}>
        {!kit.claimed && mayActivate && (
          <Button size="small" onClick={() => show('activate')}>
            {t('activation.admin.activateFor')}
          </Button>
        )}
        {!kit.claimed && kit.kind === 'probes' && mayRemove && (
          <Button size="small" color="error" onClick={() => show('remove')}>
            {t('activation.admin.remove')}
          </Button>
        )}
        {kit.claimed && kit.kind === 'system' && mayUndo && (
          <Button size="small" color="error" onClick={() => show('undo')}>
            {t('activation.admin.undo')}
          </Button>
        )}
      </Stack>
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="xs">
        <DialogTitle>
          {open === 'activate'
            ? t('activation.admin.activateTitle', { name })
            : open === 'remove'
              ? t('activation.admin.removeTitle', { name })
              : t('activation.admin.undoTitle', { name })}
        </DialogTitle>
        <DialogContent>
          {open === 'activate' ? (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <DialogContentText>{t('activation.admin.activateText')}</DialogContentText>
              <TextField
                label={t('activation.admin.uid')}
                value={uid}
                onChange={(e) => setUid(e.target.value)}
                inputMode="numeric"
                required
                autoFocus
              />
              {kit.kind === 'probes' && (
                <TextField
                  label={t('activation.kits.stationId')}
                  helperText={t('activation.admin.stationHelp')}
                  value={bsId}
                  onChange={(e) => setBsId(e.target.value)}
                  required
                />
              )}
            </Stack>
          ) : (
            <DialogContentText>
              {open === 'remove'
                ? t('activation.admin.removeText')
                : t('activation.admin.undoText', {
                    user: kit.claimed?.username ?? String(kit.claimed?.UID ?? '–'),
                  })}
            </DialogContentText>
          )}
          {mutation.error && open && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(failureKey(open, mutation.error))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{t('activation.admin.cancel')}</Button>
          <Button
            variant="contained"
            color={open === 'activate' ? 'primary' : 'error'}
            disabled={mutation.isPending || (open === 'activate' && !(uidValid && bsValid))}
            onClick={() => open && mutation.mutate(open)}
          >
            {open === 'activate'
              ? t('activation.activate')
              : open === 'remove'
                ? t('activation.admin.remove')
                : t('activation.admin.undo')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

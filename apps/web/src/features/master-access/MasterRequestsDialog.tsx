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
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import type { MasterRequest } from './masterRequestRules';

/**
 * The authorization-request dialog (spec doc 1 §2): one switch per master account waiting for an
 * answer; submit is disabled until one is on (§5); status 0 reloads the user info (§7), which
 * drops the granted requests from the list. A failure says "Oops - an error occured. - Status=…"
 * (§8) and keeps the switches as they were.
 */
export function MasterRequestsDialog({
  accountId,
  requests,
  onClose,
}: {
  accountId: number;
  requests: readonly MasterRequest[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [on, setOn] = useState<ReadonlySet<number>>(new Set());
  const grant = useMutation({
    mutationFn: (ids: number[]) =>
      api.call(endpoints.masterAccess.authorizeMasterUsers, { UID: accountId, authMasters: ids }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo });
      onClose();
    },
  });
  const status = (e: unknown) => (isApiRequestError(e) ? e.httpStatus : 0);
  return (
    <Dialog open onClose={onClose} aria-labelledby="master-requests-title" fullWidth maxWidth="xs">
      <DialogTitle id="master-requests-title">{t('masterAccess.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('masterAccess.explain')}</DialogContentText>
        <FormGroup>
          {requests.map((r) => (
            <FormControlLabel
              key={r.id}
              label={r.name}
              control={
                <Switch
                  checked={on.has(r.id)}
                  onChange={(e) =>
                    setOn((prev) => {
                      const next = new Set(prev);
                      if (e.target.checked) next.add(r.id);
                      else next.delete(r.id);
                      return next;
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {grant.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('masterAccess.failed', { status: status(grant.error) })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('masterAccess.close')}</Button>
        <Button
          variant="contained"
          disabled={on.size === 0 || grant.isPending}
          onClick={() => grant.mutate([...on])}
        >
          {t('masterAccess.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

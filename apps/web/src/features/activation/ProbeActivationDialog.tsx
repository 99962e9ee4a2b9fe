import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ActivatedKit } from '@emberwatch/shared/contracts/activation';
import { activationCodeProblem } from '@emberwatch/shared/domain/activation/activationCode';
import { activationOutcome } from '@emberwatch/shared/domain/activation/activationStatus';
import { ActivationCodeField } from './ActivationCodeField';
import { activationErrorText } from './activationErrorKey';
import { useActivateKit, useReloadAfterProbes } from './activationQueries';

type Message =
  | { key: 'activation.code_err' | 'activation.probe_set_already_active' | 'activation.server_err' }
  | { key: 'activation.notAllowed' }
  | { key: 'activation.throttled'; minutes: number };

/**
 * The probe activation dialog (spec doc 1 §2): the code box, the sets activated so far with their
 * probe ids, Activate and Close. Status 0 adds the set and clears the box; 2 the code-not-matching
 * text; 3 "probe set already active"; anything else the server error text (§8). Close reloads the
 * station configuration when a set was activated (§4). The sets go to the station shown (the
 * selected one).
 */
export function ProbeActivationDialog({
  bsId,
  uid,
  initialCode = '',
  onClose,
}: {
  bsId: string;
  /** An admin activates for the station's owner, the customer it acts for. */
  uid?: number;
  initialCode?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [activated, setActivated] = useState<ActivatedKit[]>([]);
  const [message, setMessage] = useState<Message | null>(null);
  const activate = useActivateKit();
  const reload = useReloadAfterProbes();

  const send = () => {
    if (activationCodeProblem(code) !== null || activate.isPending) return;
    setMessage(null);
    activate.mutate(
      { id: code.trim(), kind: 'probes', BS_ID: bsId, ...(uid !== undefined ? { UID: uid } : {}) },
      {
        onSuccess: (res) => {
          const outcome = activationOutcome(res.status_code);
          if (outcome === 'ok' && res.kit) {
            const kit = res.kit;
            setActivated((prev) => [...prev, kit]);
            setCode('');
          } else if (outcome === 'codeNotCorrect') setMessage({ key: 'activation.code_err' });
          else if (outcome === 'alreadyActive') setMessage({ key: 'activation.probe_set_already_active' });
          else setMessage({ key: 'activation.server_err' });
        },
        onError: (err) => setMessage(activationErrorText(err)),
      },
    );
  };

  const close = () => {
    if (activated.length > 0) void reload([...new Set(activated.map((k) => k.bs_id))]);
    onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby="probe-activation-title" fullWidth maxWidth="xs">
      <DialogTitle id="probe-activation-title">{t('activation.probeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('activation.probeExplain', { bsId })}</DialogContentText>
        <ActivationCodeField value={code} onChange={setCode} onSubmit={send} autoFocus />
        {message && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="activation-message">
            {message.key === 'activation.throttled'
              ? t(message.key, { minutes: message.minutes })
              : t(message.key)}
          </Alert>
        )}
        {activated.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('activation.activatedSets')}
            </Typography>
            <List dense aria-label={t('activation.activatedSets')}>
              {activated.map((kit) => (
                <ListItem key={`${kit.set_id}-${kit.probes.join()}`} disableGutters>
                  <ListItemText
                    primary={t('activation.setName', { setId: kit.set_id ?? '' })}
                    secondary={kit.probes.join(', ')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('activation.close')}</Button>
        <Button
          variant="contained"
          disabled={activationCodeProblem(code) !== null || activate.isPending}
          onClick={send}
        >
          {t('activation.activate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { activationCodeProblem } from '@emberwatch/shared/domain/activation/activationCode';
import { activationOutcome } from '@emberwatch/shared/domain/activation/activationStatus';
import { ActivationCodeField } from './ActivationCodeField';
import { activationErrorText } from './activationErrorKey';
import { useActivateKit, useReloadAfterStation } from './activationQueries';

type Message =
  | { key: 'activation.code_err' | 'activation.system_already_active' | 'activation.gari_only' }
  | { key: 'activation.server_err' | 'activation.notAllowed' }
  | { key: 'activation.throttled'; minutes: number };

/**
 * Add a base station by its activation code (spec doc 2 §2.6, §7 "Add BS by activation code (id, uid),
 * then refresh user info"). Status 0 reloads the user info and the station list and closes with the
 * new station's id; 2, 22 and 3 have their texts, anything else the server error text (§8). An admin
 * adds it to the customer it acts for (`uid`).
 */
export function AddBaseStationDialog({
  uid,
  initialCode = '',
  onClose,
  onActivated,
}: {
  uid?: number;
  initialCode?: string;
  onClose: () => void;
  onActivated?: (bsId: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [message, setMessage] = useState<Message | null>(null);
  const activate = useActivateKit();
  const reload = useReloadAfterStation();

  const send = () => {
    if (activationCodeProblem(code) !== null || activate.isPending) return;
    setMessage(null);
    activate.mutate(
      { id: code.trim(), kind: 'system', ...(uid !== undefined ? { UID: uid } : {}) },
      {
        onSuccess: (res) => {
          switch (activationOutcome(res.status_code)) {
            case 'ok':
              void reload().then(() => {
                onActivated?.(res.kit?.bs_id ?? '');
                onClose();
              });
              return;
            case 'codeNotCorrect':
              return setMessage({ key: 'activation.code_err' });
            case 'gariOnly':
              return setMessage({ key: 'activation.gari_only' });
            case 'alreadyActive':
              return setMessage({ key: 'activation.system_already_active' });
            default:
              return setMessage({ key: 'activation.server_err' });
          }
        },
        onError: (err) => setMessage(activationErrorText(err)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="add-bs-title" fullWidth maxWidth="xs">
      <DialogTitle id="add-bs-title">{t('activation.addBsTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('activation.addBsExplain')}</DialogContentText>
        <ActivationCodeField value={code} onChange={setCode} onSubmit={send} autoFocus />
        {message && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="activation-message">
            {message.key === 'activation.throttled'
              ? t(message.key, { minutes: message.minutes })
              : t(message.key)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('activation.close')}</Button>
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

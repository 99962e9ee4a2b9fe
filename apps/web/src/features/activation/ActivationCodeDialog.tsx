import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { activationCodeProblem } from '@emberwatch/shared/domain/activation/activationCode';
import { ActivationCodeField } from './ActivationCodeField';
import type { ActivationErrorText } from './activationErrorKey';

/** What an activation dialog tells the user under the code box: an outcome's text or a refused call's. */
export type ActivationMessage =
  | ActivationErrorText
  | {
      key:
        | 'activation.code_err'
        | 'activation.gari_only'
        | 'activation.system_already_active'
        | 'activation.probe_set_already_active';
    };

/**
 * The frame both activation dialogs share (a base station's, a probe set's, spec doc 1 §2 and doc 2
 * §2.6): the explanation, the code box, the message, Close and Activate (off while the code is not
 * well formed or a call runs). What a code does and what the dialog lists are the caller's.
 */
export function ActivationCodeDialog({
  titleId,
  title,
  explain,
  code,
  onCodeChange,
  onSend,
  pending,
  message,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  explain: string;
  code: string;
  onCodeChange: (code: string) => void;
  onSend: () => void;
  pending: boolean;
  message: ActivationMessage | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{explain}</DialogContentText>
        <ActivationCodeField value={code} onChange={onCodeChange} onSubmit={onSend} autoFocus />
        {message && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="activation-message">
            {message.key === 'activation.throttled'
              ? t(message.key, { minutes: message.minutes })
              : t(message.key)}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('activation.close')}</Button>
        <Button
          variant="contained"
          disabled={activationCodeProblem(code) !== null || pending}
          onClick={onSend}
        >
          {t('activation.activate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

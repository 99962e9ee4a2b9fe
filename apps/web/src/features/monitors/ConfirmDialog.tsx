import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';

/** A yes/no question of the monitor editor (spec doc 3 §8 "Confirmations"). */
export function ConfirmDialog({
  text,
  busy,
  onConfirm,
  onCancel,
}: {
  text: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} aria-describedby="monitor-confirm-text">
      <DialogContent>
        <DialogContentText id="monitor-confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('monitors.editor.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {t('monitors.editor.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

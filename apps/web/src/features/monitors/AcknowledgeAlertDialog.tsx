import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ACK_NOTE_MAX } from '@emberwatch/shared/contracts/monitors';

/**
 * Acknowledging an alert (ours, issue 11): a note of what is being done about it. The alert stays
 * current until its condition ends; the acknowledgement tells the others someone is on it.
 */
export function AcknowledgeAlertDialog({
  alertText,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  alertText: string;
  pending: boolean;
  error: string | null;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="ack-title">
      <DialogTitle id="ack-title">{t('monitors.ack.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{alertText}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={t('monitors.ack.note')}
          helperText={t('monitors.ack.noteHelp')}
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, ACK_NOTE_MAX))}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('monitors.editor.cancel')}</Button>
        <Button variant="contained" disabled={pending} onClick={() => onConfirm(note.trim())}>
          {t('monitors.ack.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

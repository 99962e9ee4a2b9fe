import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/**
 * The frame of the dialogs that change several probes at once (enable/disable, transfer): full
 * screen on a phone, the save error above the choices, Cancel and the action, which waits while
 * the save runs. What is chosen and what the action sends is the caller's.
 */
export function ProbeBatchDialog({
  open,
  onClose,
  title,
  text,
  failed,
  busy,
  actionLabel,
  canAct,
  onAct,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** The last save failed (useProbeBatchSave). */
  failed: boolean;
  /** A save is running (useProbeBatchSave). */
  busy: boolean;
  actionLabel: string;
  canAct: boolean;
  onAct: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('settings.saveFailed')}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('settings.cancel')}</Button>
        <Button variant="contained" disabled={!canAct || busy} onClick={onAct}>
          {actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

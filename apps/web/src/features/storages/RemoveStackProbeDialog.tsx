import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';

/**
 * Spec doc 3 §4 "Clicking a probe removes it after a confirm dialog with a remove-all-sensors
 * option": answers whether to remove this probe or, with the option, every probe of the stack.
 */
export function RemoveStackProbeDialog({
  name,
  onConfirm,
  onCancel,
}: {
  /** The probe asked about; null keeps the dialog closed. */
  name: string | null;
  onConfirm: (all: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const close = () => {
    setAll(false);
    onCancel();
  };
  return (
    <Dialog open={name !== null} onClose={close} aria-labelledby="remove-stack-probe-title">
      <DialogTitle id="remove-stack-probe-title">
        {t('storageDetail.stackEditor.removeProbeTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('storageDetail.stackEditor.removeProbeConfirm', { name: name ?? '' })}
        </DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={all} onChange={(e) => setAll(e.target.checked)} />}
          label={t('storageDetail.stackEditor.removeAll')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('storageDetail.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            onConfirm(all);
            setAll(false);
          }}
        >
          {t('storageDetail.stackEditor.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

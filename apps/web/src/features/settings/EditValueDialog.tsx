import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * The edit dialog of spec doc 1 §5: Save is disabled until the value is edited, and while it is
 * empty if the field is required; `problem` (the field's own rule, e.g. an e-mail's shape) disables
 * it too and is handed to the field to show. A failed save keeps the dialog open with the error.
 * Used by the settings and the account area's profile fields.
 */
export function EditValueDialog({
  title,
  initial,
  required = false,
  problem,
  onSave,
  onClose,
  children,
}: {
  title: string;
  initial: string;
  required?: boolean;
  problem?: (value: string) => string | null;
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
  children: (value: string, setValue: (v: string) => void, error: string | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const error = value !== initial ? (problem?.(value) ?? null) : null;
  const canSave = value !== initial && !(required && value.trim() === '') && error === null && !busy;

  async function save() {
    setBusy(true);
    setFailed(false);
    try {
      await onSave(value);
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('settings.saveFailed')}
          </Alert>
        )}
        <form
          id="settings-edit-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (canSave) void save();
          }}
        >
          {children(value, setValue, error)}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('settings.cancel')}</Button>
        <Button type="submit" form="settings-edit-form" variant="contained" disabled={!canSave}>
          {t('settings.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { EditConfirmReason } from '@emberwatch/shared/contracts/storages';

/**
 * The edit-confirm dialog (spec doc 1 §4, doc 3 §4): closing a storage edit with unsaved changes.
 * Each reason (no probes, no monitor, no SMS; the shared editConfirmReasons) shows its
 * alerts-disabled message; otherwise it asks to save before closing. Back keeps editing, Discard
 * drops the edits, Save saves them.
 */
export function EditConfirmDialog({
  reasons,
  saving,
  onBack,
  onDiscard,
  onSave,
}: {
  reasons: readonly EditConfirmReason[];
  saving: boolean;
  onBack: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onBack} aria-labelledby="edit-confirm-title">
      <DialogTitle id="edit-confirm-title">{t('alertMessaging.editConfirm.title')}</DialogTitle>
      <DialogContent>
        {reasons.length > 0 ? (
          <Stack spacing={1}>
            {reasons.map((r) => (
              <Alert key={r} severity="warning" data-testid={`edit-confirm-${r}`}>
                {t(`alertMessaging.editConfirm.${r}`)}
              </Alert>
            ))}
          </Stack>
        ) : (
          <DialogContentText>{t('alertMessaging.editConfirm.saveBeforeClosing')}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>{t('alertMessaging.editConfirm.back')}</Button>
        <Button onClick={onDiscard}>{t('alertMessaging.editConfirm.discard')}</Button>
        <Button variant="contained" onClick={onSave} disabled={saving}>
          {t('alertMessaging.editConfirm.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ExportForm, type ExportFormProps } from './ExportForm';

/**
 * The export form in a dialog. Closing it (Close, Escape, the backdrop) unmounts the form, which
 * discards a run still under way: its late answer saves nothing.
 */
export function ExportDialog({
  open,
  onClose,
  ...form
}: ExportFormProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="export-dialog-title">
      <DialogTitle id="export-dialog-title">
        {t('export.title')} · {form.storageName}
      </DialogTitle>
      <DialogContent>
        {open && (
          <ExportForm
            {...form}
            onSaved={onClose}
            closeAction={<Button onClick={onClose}>{t('export.close')}</Button>}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

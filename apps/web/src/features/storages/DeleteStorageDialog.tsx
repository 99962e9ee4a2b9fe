import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { useRemoveStorage } from './storageQueries';

/**
 * Spec doc 3 §4 "Delete storage: confirm, then delete. The storage list is refreshed and the view
 * closes." The list refresh comes from useRemoveStorage's invalidation; the view closes by going back
 * to the storages list. A failed delete is not reported to the user (§8: storage failures are only
 * logged); the dialog stays open so that a second try is one click.
 */
export function DeleteStorageDialog({
  storage,
  open,
  onClose,
}: {
  storage: Storage;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveStorage();

  const onConfirm = () =>
    remove.mutate(storage.itemID, {
      onSuccess: () => {
        onClose();
        void navigate('/storages');
      },
      onError: (error) => console.error('removeStorage failed', error),
    });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-storage-title">
      <DialogTitle id="delete-storage-title">{t('storageDetail.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('storageDetail.deleteConfirm', { name: storage.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('storageDetail.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={remove.isPending}>
          {t('storageDetail.deleteAction')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

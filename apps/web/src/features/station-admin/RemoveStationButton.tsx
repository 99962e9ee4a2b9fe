import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import { useRemoveStation } from './stationAdminQueries';

/**
 * Remove BS (spec doc 2 §2.5, §6 "shown for multi-base-station accounts with no probe config", §7
 * "Deactivate BS (bs_id)", §8): confirmed first; a refusal shows as an error, success says the
 * station was removed and, on closing, the station list (reloaded) shows another station.
 */
export function RemoveStationButton({ bsId, onRemoved }: { bsId: string; onRemoved: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useRemoveStation();
  const close = () => {
    if (remove.isSuccess) onRemoved();
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<RemoveCircleOutline />}
        onClick={() => setOpen(true)}
        data-testid="remove-bs"
      >
        {t('stationAdmin.remove.button')}
      </Button>
      {open && (
        <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby="remove-bs-title">
          <DialogTitle id="remove-bs-title">{t('stationAdmin.remove.title', { bsId })}</DialogTitle>
          <DialogContent>
            {remove.isSuccess ? (
              <Alert severity="success" data-testid="remove-bs-done">
                {t('stationAdmin.remove.done', { bsId })}
              </Alert>
            ) : (
              <DialogContentText>{t('stationAdmin.remove.confirm', { bsId })}</DialogContentText>
            )}
            {remove.isError && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="remove-bs-error">
                {t('stationAdmin.remove.failed', {
                  reason: remove.error instanceof Error ? remove.error.message : '',
                })}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>
              {t(remove.isSuccess ? 'stationAdmin.close' : 'stationAdmin.cancel')}
            </Button>
            {!remove.isSuccess && (
              <Button
                variant="contained"
                color="error"
                disabled={remove.isPending}
                onClick={() => remove.mutate(bsId)}
                data-testid="remove-bs-send"
              >
                {t('stationAdmin.remove.send')}
              </Button>
            )}
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

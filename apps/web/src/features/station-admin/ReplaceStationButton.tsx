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
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { isReplacementBsId } from '@emberwatch/shared/domain/stationAdmin/stationReplacement';
import { replacementMessage } from './replacementMessage';
import { useReplaceStation } from './stationAdminQueries';

/**
 * Replace BS (spec doc 2 §2.5–§2.6, §5, §8): the new station's id — one capital letter then seven
 * digits, else 'Basestation ID is required' — then a confirmation, since the replacement is one-way
 * (§4). Success says 'Just reload page' and, on closing, selects the new station.
 */
export function ReplaceStationButton({
  bsId,
  ownerUid,
  onReplaced,
}: {
  bsId: string;
  ownerUid: number;
  onReplaced: (newBsId: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SwapHoriz />}
        onClick={() => setOpen(true)}
        data-testid="replace-bs"
      >
        {t('stationAdmin.replace.button')}
      </Button>
      {open && (
        <ReplaceStationDialog
          bsId={bsId}
          ownerUid={ownerUid}
          onClose={() => setOpen(false)}
          onReplaced={onReplaced}
        />
      )}
    </>
  );
}

function ReplaceStationDialog({
  bsId,
  ownerUid,
  onClose,
  onReplaced,
}: {
  bsId: string;
  ownerUid: number;
  onClose: () => void;
  onReplaced: (newBsId: string) => void;
}) {
  const { t } = useTranslation();
  const [newId, setNewId] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const replace = useReplaceStation();
  const done = replace.isSuccess;

  const next = () => {
    const id = newId.trim();
    if (!isReplacementBsId(id)) return setInvalid(true);
    setInvalid(false);
    setConfirming(true);
  };
  const close = () => {
    if (done) onReplaced(newId.trim());
    onClose();
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby="replace-bs-title">
      <DialogTitle id="replace-bs-title">{t('stationAdmin.replace.title', { bsId })}</DialogTitle>
      <DialogContent>
        {done ? (
          <Alert severity="success" data-testid="replace-bs-done">
            {t('stationAdmin.replace.done')}
          </Alert>
        ) : confirming ? (
          <DialogContentText data-testid="replace-bs-confirm">
            {t('stationAdmin.replace.confirm', { oldId: bsId, newId: newId.trim() })}
          </DialogContentText>
        ) : (
          <>
            <DialogContentText>{t('stationAdmin.replace.explain')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('stationAdmin.replace.newId')}
              value={newId}
              onChange={(e) => setNewId(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && next()}
              error={invalid}
              helperText={invalid ? t('stationAdmin.replace.idRequired') : t('stationAdmin.replace.idFormat')}
              slotProps={{ htmlInput: { 'data-testid': 'replace-bs-id', maxLength: 8 } }}
            />
          </>
        )}
        {replace.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="replace-bs-error">
            {replacementMessage(t, replace.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t(done ? 'stationAdmin.close' : 'stationAdmin.cancel')}</Button>
        {!done && !confirming && (
          <Button variant="contained" onClick={next} data-testid="replace-bs-next">
            {t('stationAdmin.replace.next')}
          </Button>
        )}
        {!done && confirming && (
          <Button
            variant="contained"
            color="warning"
            disabled={replace.isPending}
            onClick={() => replace.mutate({ old_bs: bsId, new_bs: newId.trim(), UID: ownerUid })}
            data-testid="replace-bs-send"
          >
            {t('stationAdmin.replace.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

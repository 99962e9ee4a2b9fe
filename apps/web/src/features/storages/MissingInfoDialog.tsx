import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { missingStorageInfo } from '@emberwatch/shared/domain/storageLayout/storageCapacity';
import { useAutoOpen } from '../../lib/useAutoOpen';
import { useSessionInfo } from '../sessions';

/** The dialog's name, per storage, in the session's memory of windows that open by itself (decision 0077). */
export const missingInfoWindow = (itemID: number) => `missingInfo:${itemID}`;

/**
 * Spec doc 3 §5 "A missing-info dialog is triggered when capacity, type or name is missing, or when
 * there are more than 5 hay-type probes together with non-hay probes" (the shared missingStorageInfo).
 * It opens by itself when the storage opens, to those who may change it — once in the tab session
 * per storage, not after it was closed and not over another dialog (useAutoOpen, decision 0077);
 * "Open storage details" leads to tab 4 where the fields are, "Later" closes it.
 */
export function MissingInfoDialog({
  storage,
  probeIds,
  onOpenDetails,
}: {
  storage: Storage;
  probeIds: readonly string[];
  onOpenDetails: () => void;
}) {
  const { t } = useTranslation();
  const uid = useSessionInfo().data?.UID;
  const [shown, setShown] = useState(false);
  const missing = missingStorageInfo(storage, probeIds);
  const auto = useAutoOpen({
    name: missingInfoWindow(storage.itemID),
    uid,
    ready: true,
    wanted: missing.length > 0,
    delayMs: 0,
    onOpen: () => setShown(true),
    subject: String(storage.itemID),
  });
  const close = () => {
    auto.closed();
    setShown(false);
  };
  return (
    <Dialog open={shown && missing.length > 0} onClose={close} aria-labelledby="missing-info-title">
      <DialogTitle id="missing-info-title">{t('storageDetail.missingInfo.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('storageDetail.missingInfo.intro')}</Typography>
        <ul>
          {missing.map((m) => (
            <li key={m}>{t(`storageDetail.missingInfo.${m}`)}</li>
          ))}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('storageDetail.missingInfo.later')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            close();
            onOpenDetails();
          }}
        >
          {t('storageDetail.missingInfo.openDetails')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

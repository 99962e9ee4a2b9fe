import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { missingStorageInfo, type Storage } from '@emberwatch/shared';

/**
 * Spec doc 3 §5 "A missing-info dialog is triggered when capacity, type or name is missing, or when
 * there are more than 5 hay-type probes together with non-hay probes" (the shared missingStorageInfo).
 * Shown once when the storage opens, to those who may change it; "Open storage details" leads to
 * tab 4 where the fields are, "Later" closes it for this visit.
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
  const [dismissed, setDismissed] = useState(false);
  const missing = missingStorageInfo(storage, probeIds);
  const open = !dismissed && missing.length > 0;
  return (
    <Dialog open={open} onClose={() => setDismissed(true)} aria-labelledby="missing-info-title">
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
        <Button onClick={() => setDismissed(true)}>{t('storageDetail.missingInfo.later')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            setDismissed(true);
            onOpenDetails();
          }}
        >
          {t('storageDetail.missingInfo.openDetails')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

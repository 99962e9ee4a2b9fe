import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { MissingStorageInfo } from '@emberwatch/shared/domain/storageLayout/storageCapacity';

/**
 * The missing-info window itself (MissingInfoDialog decides when it opens): what is missing, and the
 * way to the fields that give it.
 */
export function MissingInfoWindow({
  open,
  missing,
  onLater,
  onOpenDetails,
}: {
  open: boolean;
  missing: readonly MissingStorageInfo[];
  onLater: () => void;
  onOpenDetails: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onLater} aria-labelledby="missing-info-title">
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
        <Button onClick={onLater}>{t('storageDetail.missingInfo.later')}</Button>
        <Button variant="contained" onClick={onOpenDetails}>
          {t('storageDetail.missingInfo.openDetails')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { renewalPath, type ExpiryBlock } from '@emberwatch/shared/domain/expiryBlock';
import { useSession } from '../sessions';

/**
 * The blocking renewal dialog itself (ExpiryBlockDialog decides when): it cannot be dismissed, only
 * followed to the renewal or left by logging out. Its code loads only for an account that needs it.
 */
export function ExpiryBlockWindow({ block, station }: { block: NonNullable<ExpiryBlock>; station: string }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  return (
    <Dialog
      open
      disableEscapeKeyDown
      aria-labelledby="expiry-block-title"
      aria-describedby="expiry-block-text"
      data-testid="expiry-block"
    >
      <DialogTitle id="expiry-block-title">{t(`planExpiry.title.${block}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="expiry-block-text">
          {t(`planExpiry.text.${block}`, { station })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logout()}>{t('planExpiry.logout')}</Button>
        <Button variant="contained" component={RouterLink} to={renewalPath(block)}>
          {t('planExpiry.renew')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

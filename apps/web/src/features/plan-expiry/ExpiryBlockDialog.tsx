import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { expiryBlock, renewalPath } from '@emberwatch/shared/domain/expiryBlock';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { simHasExpired } from '@emberwatch/shared/domain/sitePlan';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useBsConf, useSelectedStation } from '../base-stations';
import { useSession } from '../sessions';

/**
 * The blocking renewal dialog (spec doc 2 §4 "Plan and SIM expiry: non-admin users get a blocking
 * dialog with a renewal action"): it cannot be dismissed, only followed to the renewal or left by
 * logging out. The account pages stay reachable underneath it — that is where the renewal happens.
 */
export function ExpiryBlockDialog({ roleContext }: { roleContext: RoleContext }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { logout } = useSession();
  const { selected } = useSelectedStation();
  const conf = useBsConf(selected?.bs_id);
  const nowS = useNowSeconds(60_000);
  const block = expiryBlock(roleContext, simHasExpired(conf.data?.sim_exp_date ?? null, nowS));
  if (!block || pathname.startsWith('/account')) return null;
  const station = selected?.display_name ?? selected?.bs_id ?? '';
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

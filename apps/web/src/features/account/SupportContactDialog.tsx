import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AccountInfo } from '@emberwatch/shared/contracts/account';
import { INSIGHT_SUPPORT_EMAIL } from '../insight';

/** The e-mail a click on "Write to support" opens: the account named, so support need not ask. */
export function supportMailto(account: Pick<AccountInfo, 'U_ID' | 'username'>, subject: string): string {
  const body = `\n\n--\nAccount ${account.U_ID} (${account.username})`;
  return `mailto:${INSIGHT_SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The support-contact dialog of the account area (spec doc 2 §2.8 "support-contact dialog"; how
 * support is reached is not shown there): the support address, what to say so support can help at
 * once, and an e-mail already addressed and naming the account.
 */
export function SupportContactDialog({
  account,
  onClose,
}: {
  account: Pick<AccountInfo, 'U_ID' | 'username'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="support-title" fullWidth maxWidth="xs">
      <DialogTitle id="support-title">{t('account.support.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>{t('account.support.text')}</Typography>
        <Typography sx={{ mb: 1.5 }}>
          <Link href={`mailto:${INSIGHT_SUPPORT_EMAIL}`} data-testid="support-email">
            {INSIGHT_SUPPORT_EMAIL}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="support-account">
          {t('account.support.account', { id: account.U_ID, username: account.username })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('account.support.close')}</Button>
        <Button
          variant="contained"
          href={supportMailto(account, t('account.support.subject'))}
          data-testid="support-write"
        >
          {t('account.support.write')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

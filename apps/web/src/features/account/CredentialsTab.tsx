import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AccountInfo } from '@emberwatch/shared/contracts/account';
import { useSessionInfo } from '../sessions';
import { ChangePasswordDialog, type PasswordTarget } from './ChangePasswordDialog';
import { FieldRow } from '../../ui/FieldRow';

/**
 * The login of the user shown (spec doc 2 §2.8 "the username and a change-password entry"): a user's
 * own, a sub-user's own; for an admin acting for a customer, the customer's, whose password the admin
 * may set without the old one. Demo mode has no password change (spec doc 2 §6).
 */
export function CredentialsTab({ account }: { account: AccountInfo }) {
  const { t } = useTranslation();
  const session = useSessionInfo().data;
  const [open, setOpen] = useState(false);
  const own = session?.UID === account.login_U_ID;
  const target: PasswordTarget = own
    ? { own: true }
    : { own: false, UID: account.login_U_ID, username: account.username };
  const mayChange = !account.demo && (own || session?.admin === true);

  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }}>
      <FieldRow
        testId="account-username"
        label={t('account.credentials.username')}
        value={account.username}
      />
      <FieldRow
        testId="account-password"
        label={t('account.credentials.password')}
        value={
          account.demo ? (
            <Typography color="text.secondary">{t('account.credentials.demoDisabled')}</Typography>
          ) : (
            '••••••••'
          )
        }
        action={
          mayChange ? (
            <Button size="small" onClick={() => setOpen(true)} data-testid="change-password">
              {t('account.credentials.change')}
            </Button>
          ) : undefined
        }
      />
      {open && <ChangePasswordDialog target={target} onClose={() => setOpen(false)} />}
    </Paper>
  );
}

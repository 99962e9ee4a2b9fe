import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AccountInfo } from '@emberwatch/shared/contracts/account';
import { FieldRow } from '../../ui/FieldRow';
import { PhoneDialog } from './PhoneDialog';

/** The account's phone with its confirmation state (spec doc 2 §4 "Phone: unconfirmed or confirmed"). */
export function PhoneSection({ account }: { account: AccountInfo }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const phone = account.phones[0];

  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }}>
      <FieldRow
        testId="account-phone"
        label={t('account.phone.label')}
        value={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {phone ? (
              <>
                <span>{phone.phoneNumber}</span>
                <Chip
                  size="small"
                  color={phone.confirmed ? 'success' : 'warning'}
                  variant="outlined"
                  label={t(phone.confirmed ? 'account.phone.confirmed' : 'account.phone.unconfirmed')}
                />
              </>
            ) : (
              <Typography color="text.secondary">{t('account.notSet')}</Typography>
            )}
            {account.pendingPhone && (
              <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
                {t('account.phone.pending', { phone: account.pendingPhone })}
              </Typography>
            )}
          </Box>
        }
        action={
          account.mayEdit ? (
            <Button size="small" onClick={() => setOpen(true)} data-testid="phone-action">
              {t(
                account.pendingPhone || (phone && !phone.confirmed)
                  ? 'account.phone.confirm'
                  : phone
                    ? 'account.phone.change'
                    : 'account.phone.add',
              )}
            </Button>
          ) : undefined
        }
      />
      {open && <PhoneDialog account={account} onClose={() => setOpen(false)} />}
    </Paper>
  );
}

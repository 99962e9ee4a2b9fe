import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { AccountInfo } from '@emberwatch/shared/contracts/account';
import { AccountMasters } from '../master-access';
import { PhoneSection } from './PhoneSection';
import { ProfileSection } from './ProfileSection';
import { SubUsersSection } from './SubUsersSection';

// The masters' list has a file of its own (master-access): fetched with this page, drawn when here.
void AccountMasters.preload();

/** The account's profile, its phone and its users (spec doc 2 §2.8 /account/users). */
export function UsersTab({ account }: { account: AccountInfo }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {!account.mayEdit && (
        <Alert severity="info" data-testid="account-read-only">
          {t('account.readOnly')}
        </Alert>
      )}
      <ProfileSection account={account} />
      <PhoneSection account={account} />
      <SubUsersSection account={account} />
      {/* The masters who can watch the farm, for whom may grant them (decision 0104). */}
      {account.mayEdit && (
        <Suspense fallback={null}>
          <AccountMasters accountId={account.U_ID} />
        </Suspense>
      )}
    </Stack>
  );
}

import { Link as RouterLink, useLocation } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useShellContext } from '../../lib/shellContext';
import type { TranslationKey } from '../../i18n/translationKey';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { AlertChannelsTab } from '../alert-channels';
import { ApiKeysSection } from '../public-api';
import { MasterAccountPage } from '../master-users';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { useAccountInfo } from './accountQueries';
import { AccountSnackbarProvider } from './AccountSnackbar';
import { accountTabOf, ACCOUNT_TABS, type AccountTab } from './accountTab';
import { CredentialsTab } from './CredentialsTab';
import { ServicesTab } from './ServicesTab';
import { SupportContactDialog } from './SupportContactDialog';
import { UsersTab } from './UsersTab';
import { Redirect } from '../../lib/Redirect';

const TAB_LABEL_KEYS: Record<AccountTab, TranslationKey> = {
  users: 'account.tabs.users',
  credentials: 'account.tabs.credentials',
  services: 'account.tabs.services',
  alerts: 'alertChannels.tab',
};

/**
 * /account/{users|credentials|services|alerts} (spec doc 2 §2.8; alerts: the Alert channels page,
 * decision 0072): the tab follows the last path segment, a
 * deeper path selects Services, /account leads to Users. A master sees its own page, without tabs.
 */
export function AccountPage() {
  const { roleContext } = useShellContext();
  return (
    <AccountSnackbarProvider>
      {roleContext.master ? (
        // The master's own page (decision 0104), with the account area's password dialog.
        <MasterAccountPage
          changePassword={(onClose) => <ChangePasswordDialog target={{ own: true }} onClose={onClose} />}
        />
      ) : (
        <AccountTabs />
      )}
    </AccountSnackbarProvider>
  );
}

function AccountTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tab = accountTabOf(pathname);
  const account = useAccountInfo();
  const [support, setSupport] = useState(false);
  // API keys are the account owner's (decision 0109): not a sub-user's, a master's, staff's or the demo's.
  const { roleContext } = useShellContext();
  const mayManageKeys =
    !roleContext.admin && !roleContext.subUser && !roleContext.master && account.data?.demo !== true;

  if (!tab) return <Redirect to="/account/users" />;
  return (
    <>
      <Box
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          mb: { xs: 1.5, sm: 2.5 },
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <Tabs
          value={tab}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('account.tabsLabel')}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {ACCOUNT_TABS.map((v) => (
            <Tab
              key={v}
              value={v}
              label={t(TAB_LABEL_KEYS[v])}
              component={RouterLink}
              to={`/account/${v}`}
              data-testid={`account-tab-${v}`}
            />
          ))}
        </Tabs>
        {account.data && (
          <Button size="small" onClick={() => setSupport(true)} data-testid="support-open">
            {t('account.support.button')}
          </Button>
        )}
      </Box>
      {support && account.data && (
        <SupportContactDialog account={account.data} onClose={() => setSupport(false)} />
      )}
      {account.error ? (
        <LoadErrorAlert error={account.error} onRetry={() => void account.refetch()} />
      ) : !account.data ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : (
        <>
          {tab === 'users' && <UsersTab account={account.data} />}
          {tab === 'credentials' && <CredentialsTab account={account.data} />}
          {tab === 'credentials' && mayManageKeys && <ApiKeysSection />}
          {tab === 'services' && <ServicesTab account={account.data} />}
          {tab === 'alerts' && (
            <AlertChannelsTab uid={account.data.U_ID} onSupport={() => setSupport(true)} />
          )}
        </>
      )}
    </>
  );
}

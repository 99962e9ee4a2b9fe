import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { CustomerDialog } from './CustomerDialog';
import { CustomerListTab } from './CustomerListTab';
import { CustomerMapTab } from './CustomerMapTab';
import { RegisterDialog } from './RegisterDialog';

const TABS = ['all', 'masters', 'migrated', 'map'] as const;
type TabName = (typeof TABS)[number];

/**
 * /admin/customers (issue 31 item 1, decision 0098): every customer (with the hay-app option), the
 * masters, the migrated and the map, each opening a customer's detail; "Register customer" for the
 * levels that may. Staff only; everyone else goes to "/".
 */
export function CustomersPage() {
  const { t } = useTranslation();
  const mayRegister = useOperatorTool('customerRegistration');
  const [tab, setTab] = useState<TabName>('all');
  const [open, setOpen] = useState<number | null>(null);
  const [registering, setRegistering] = useState(false);
  return (
    <Stack spacing={2} data-testid="customers-page">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} variant="scrollable">
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`customers.tabs.${name}`)}
              data-testid={`customers-tab-${name}`}
            />
          ))}
        </Tabs>
        {mayRegister && (
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setRegistering(true)}>
            {t('customers.register.open')}
          </Button>
        )}
      </Stack>
      {tab === 'map' ? (
        <CustomerMapTab onOpen={setOpen} />
      ) : (
        <CustomerListTab key={tab} kind={tab} onOpen={setOpen} />
      )}
      {open !== null && <CustomerDialog uid={open} onClose={() => setOpen(null)} />}
      {registering && <RegisterDialog onClose={() => setRegistering(false)} onRegistered={setOpen} />}
    </Stack>
  );
}

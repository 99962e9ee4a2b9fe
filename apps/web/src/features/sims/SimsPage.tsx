import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { SimCheckTab } from './SimCheckTab';
import { SimImportTab } from './SimImportTab';
import { SimListTab } from './SimListTab';
import { ValidityTab } from './ValidityTab';

const TABS = ['list', 'import', 'check', 'validity'] as const;
type TabName = (typeof TABS)[number];

/**
 * /admin/sims (issue 30 items 5 and 6, decision 0092): the SIM cards — the list with each SIM's
 * actions, the import of the operator's CSV export, the check of pasted numbers — and the validity
 * overview (plans and SIMs about to expire) as the fourth tab. Admins only; everyone else goes to "/".
 */
export function SimsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabName>('list');
  return (
    <Stack spacing={2} data-testid="sims-page">
      <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} variant="scrollable">
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`sims.page.tabs.${name}`)} data-testid={`sims-tab-${name}`} />
        ))}
      </Tabs>
      {tab === 'list' && <SimListTab />}
      {tab === 'import' && <SimImportTab />}
      {tab === 'check' && <SimCheckTab />}
      {tab === 'validity' && <ValidityTab />}
    </Stack>
  );
}

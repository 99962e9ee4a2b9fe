import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ComposeTab } from './ComposeTab';
import { HistoryTab } from './HistoryTab';
import { NewsCampaignsTab } from './NewsCampaignsTab';

const TABS = ['compose', 'history', 'news'] as const;
type TabName = (typeof TABS)[number];

/**
 * /admin/broadcasts (issue 31 item 3, decision 0100): compose a broadcast by SMS and e-mail, the past
 * broadcasts with each recipient's status, and the news campaigns. Admins only; everyone else goes to "/".
 */
export function BroadcastsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabName>('compose');
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <Stack spacing={2} data-testid="broadcasts-page">
      <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} variant="scrollable">
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`broadcasts.page.tabs.${name}`)}
            data-testid={`broadcasts-tab-${name}`}
          />
        ))}
      </Tabs>
      {tab === 'compose' && (
        <ComposeTab
          onSent={(id) => {
            setSelected(id);
            setTab('history');
          }}
        />
      )}
      {tab === 'history' && <HistoryTab selected={selected} onSelect={setSelected} />}
      {tab === 'news' && <NewsCampaignsTab />}
    </Stack>
  );
}

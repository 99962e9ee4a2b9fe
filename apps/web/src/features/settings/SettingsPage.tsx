import { Link as RouterLink, useParams } from 'react-router';
import { Redirect } from '../../lib/Redirect';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  settingsTabToOpen,
  visibleSettingsTabs,
  type SettingsTab,
} from '@emberwatch/shared/domain/settingsVisibility';
import { EmptyState } from '../../ui/EmptyState';
import { useShellContext } from '../../lib/shellContext';
import type { TranslationKey } from '../../i18n/translationKey';
import { SettingsFeedbackProvider } from './SettingsFeedback';
import { PreferencesTab } from './PreferencesTab';
import { ProbesSettingsTab } from './ProbesSettingsTab';
import { BaseStationTab } from './BaseStationTab';
import { RcSettingsTab, useRcUnits } from '../fans';
import { useSelectedStation } from '../base-stations';

const TAB_LABEL_KEYS: Record<SettingsTab, TranslationKey> = {
  preferences: 'settings.tabs.preferences',
  probes: 'settings.tabs.probes',
  basestation: 'settings.tabs.basestation',
  rc: 'settings.tabs.rc',
};

/**
 * /settings/{preferences|probes|basestation|rc} (spec doc 1 §2, doc 2 §2.1). /settings, or a tab the
 * user may not see, leads to the first visible tab. RC shows for a compost supervisor with RC units.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const { tab } = useParams();
  const rcAccount = useSelectedStation().selected?.owner_UID;
  const rcUnits = useRcUnits(rcAccount);
  const visible = visibleSettingsTabs({ ...roleContext, rcUnitCount: rcUnits?.length ?? 0 });
  const open = settingsTabToOpen(tab, visible);
  // The RC tab is there once the account's units are known: no leaving it while they are read.
  if (tab === 'rc' && rcUnits === undefined && rcAccount !== undefined && !roleContext.master) return null;

  if (!open) return <EmptyState icon={<SettingsIcon />} text={t('settings.nothing')} />;
  if (open !== tab) return <Redirect to={`/settings/${open}`} />;

  return (
    <SettingsFeedbackProvider>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 1.5, sm: 2.5 } }}>
        <Tabs value={open} variant="scrollable" allowScrollButtonsMobile aria-label={t('settings.tabsLabel')}>
          {visible.map((v) => (
            <Tab
              key={v}
              value={v}
              label={t(TAB_LABEL_KEYS[v])}
              component={RouterLink}
              to={`/settings/${v}`}
              data-testid={`settings-tab-${v}`}
            />
          ))}
        </Tabs>
      </Box>
      {open === 'preferences' && <PreferencesTab />}
      {open === 'probes' && <ProbesSettingsTab />}
      {open === 'basestation' && <BaseStationTab />}
      {open === 'rc' && <RcSettingsTab />}
    </SettingsFeedbackProvider>
  );
}

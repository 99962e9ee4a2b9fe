import { useTranslation } from 'react-i18next';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { stationTabText, tabLabelsNarrow, tabOfStation } from '@emberwatch/shared/domain/baseStationTabs';
import { useSelectedStation } from './SelectedStationProvider';

/** One tab per station or group; rendered only when there is more than one (spec doc 1 §2 "Top bar"). */
export function BaseStationTabs() {
  const { t } = useTranslation();
  const { tabs, selected, select } = useSelectedStation();
  if (tabs.length < 2) return null;
  const active = tabOfStation(tabs, selected?.bs_id);
  // Spec doc 1 §9: at 10 or more stations the labels narrow so more tabs fit on one line.
  const narrow = tabLabelsNarrow(tabs.length);
  return (
    <Tabs
      value={active?.bsId ?? false}
      onChange={(_, value: string) => select(value)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('stations.tabsLabel')}
      data-narrow={narrow ? 'true' : 'false'}
      textColor="inherit"
      sx={{ minHeight: 40, '& .MuiTabs-indicator': { bgcolor: 'secondary.main', height: 3 } }}
    >
      {tabs.map((tab) => {
        const text = stationTabText(tab);
        return (
          <Tab
            key={tab.bsId}
            value={tab.bsId}
            label={text}
            title={text}
            data-testid="station-tab"
            sx={{
              minHeight: 40,
              textTransform: 'none',
              // MUI dims the other tabs to 60 % white, 3.3:1 on the rust bar; the indicator marks the
              // chosen one, so the others stay readable (WCAG AA 4.5:1, decision 0138).
              '&:not(.Mui-selected)': { opacity: 0.85 },
              ...(narrow
                ? {
                    minWidth: 0,
                    maxWidth: 110,
                    px: 1,
                    fontSize: '0.75rem',
                    display: 'block',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }
                : { maxWidth: 220 }),
            }}
          />
        );
      })}
    </Tabs>
  );
}

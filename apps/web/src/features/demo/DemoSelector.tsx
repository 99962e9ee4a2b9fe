import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Snackbar from '@mui/material/Snackbar';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import {
  DEMO_TYPES,
  demoSettingsOf,
  endpoints,
  showsDemoSelector,
  type DemoType,
  type SessionInfo,
} from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useSelectedStation } from '../base-stations';
import { useSessionInfo } from '../sessions';
import { useUserInfo } from '../users';
import { setDemoChoice, useDemoChoice } from './demoChoice';
import { useDemoOverlay } from './useDemoOverlay';

/**
 * The top bar's demo selector (spec doc 1 §2 "Top bar", §6 "in demo mode or for base station
 * DEMOdata"): GRAIN, HAY or WASTE shows the account as that kind of site with exactly the spec's
 * settings (§4). The switch lives in this browser session for everyone; an admin's switch also saves
 * the display settings it sets (decision 0058).
 */
export function DemoSelector() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSessionInfo().data;
  const uid = session?.UID;
  const user = useUserInfo(uid).data;
  const { selected } = useSelectedStation();
  const choice = useDemoChoice(uid);
  const [notice, setNotice] = useState<'saved' | 'saveFailed' | null>(null);
  const shown =
    session !== undefined &&
    user !== undefined &&
    showsDemoSelector({ demo: user.demo, selectedBsId: selected?.bs_id });
  // Only where the selector is: a switch made on DEMOdata is not carried to the other stations.
  useDemoOverlay(uid, shown ? choice : null);

  // Logging out forgets the switch (spec doc 1 §4 "Logout resets … demo").
  useEffect(
    () =>
      api.onAuthChange((token) => {
        if (!token) setDemoChoice(null);
      }),
    [api],
  );

  if (!shown) return null;
  const admin = session.admin;

  const choose = async (type: DemoType) => {
    setDemoChoice({ uid: session.UID, type, at: Math.floor(Date.now() / 1000) });
    if (!admin) return;
    try {
      const r = await api.call(endpoints.users.uiPrefs, { prefs: demoSettingsOf(type).prefs });
      queryClient.setQueryData<SessionInfo>(queryKeys.session, (old) =>
        old ? { ...old, ui_preferences: r.ui_preferences } : old,
      );
      setNotice('saved');
    } catch {
      setNotice('saveFailed');
    }
  };

  return (
    <>
      <Tooltip title={admin ? t('demo.adminHint') : t('demo.localHint')}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={choice?.type ?? null}
          onChange={(_e, v: DemoType | null) => {
            if (v) void choose(v);
          }}
          aria-label={t('demo.selector')}
          data-testid="demo-selector"
          sx={{
            '& .MuiToggleButton-root': {
              color: 'inherit',
              borderColor: 'rgba(255,255,255,0.5)',
              px: { xs: 0.75, sm: 1.25 },
              py: 0.25,
            },
            '& .MuiToggleButton-root.Mui-selected': {
              color: 'primary.dark',
              bgcolor: 'common.white',
              '&:hover': { bgcolor: 'grey.200' },
            },
          }}
        >
          {DEMO_TYPES.map((type) => (
            <ToggleButton key={type} value={type}>
              {t(`demo.types.${type}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Tooltip>
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice ? t(`demo.${notice}`) : ''}
      />
    </>
  );
}

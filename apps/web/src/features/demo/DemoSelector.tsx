import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import {
  DEMO_TYPES,
  demoSettingsOf,
  showsDemoSelector,
  type DemoType,
} from '@emberwatch/shared/domain/demoSwitch';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useSelectedStation } from '../base-stations';
import { useSessionInfo } from '../sessions';
import { useUserInfo } from '../users';
import { setDemoChoice, useDemoChoice } from './demoChoice';
import { useDemoOverlay } from './useDemoOverlay';
import { useScreenQuery } from '../../lib/useScreenQuery';

/** Who sees the selector now (spec doc 1 §6), and the switch chosen in this browser session. */
function useDemoState() {
  const session = useSessionInfo().data;
  const user = useUserInfo(session?.UID).data;
  const { selected } = useSelectedStation();
  const choice = useDemoChoice(session?.UID);
  const shown =
    session !== undefined &&
    user !== undefined &&
    showsDemoSelector({ demo: user.demo, selectedBsId: selected?.bs_id });
  return { session, shown, choice };
}

/**
 * Keeps the switched demo on the screen (mounted once by the top bar): the overlay applies only where
 * the selector is, so a switch made on DEMOdata is not carried to the other stations; logging out
 * forgets the switch (spec doc 1 §4 "Logout resets … demo").
 */
export function DemoOverlay() {
  const api = useApiClient();
  const { session, shown, choice } = useDemoState();
  useDemoOverlay(session?.UID, shown ? choice : null);
  useEffect(
    () =>
      api.onAuthChange((token) => {
        if (!token) setDemoChoice(null);
      }),
    [api],
  );
  return null;
}

/**
 * The top bar's demo selector (spec doc 1 §2 "Top bar", §6 "in demo mode or for base station
 * DEMOdata"): GRAIN, HAY or WASTE shows the account as that kind of site with exactly the spec's
 * settings (§4). The switch lives in this browser session for everyone; an admin's switch also saves
 * the display settings it sets (decision 0058). The top bar mounts it twice: in its toolbar, and in a
 * row of its own, which is the one a phone shows (the toolbar has no room for it there).
 */
export function DemoSelector({ placement }: { placement: 'toolbar' | 'row' }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { session, shown, choice } = useDemoState();
  const [notice, setNotice] = useState<'saved' | 'saveFailed' | null>(null);
  const phone = useScreenQuery(useTheme().breakpoints.down('sm'));
  if (!shown || !session || phone !== (placement === 'row')) return null;
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
    <Box sx={placement === 'row' ? { px: 2, pb: 1 } : undefined}>
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
    </Box>
  );
}

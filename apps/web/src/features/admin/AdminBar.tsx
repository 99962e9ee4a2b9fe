import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { SystemMatch } from '@emberwatch/shared/contracts/adminConsole';
import {
  adminBarTone,
  customerLabel,
  SYSTEM_FAMILIES,
  type SystemFamily,
} from '@emberwatch/shared/domain/adminConsole';
import { STATION_COOKIE, STATION_COOKIE_MAX_AGE_S } from '@emberwatch/shared/domain/settingsVisibility';
import { writeCookie } from '../../lib/cookies';
import { setActingFor, useActingFor, useSelectedStation } from '../base-stations';
import { useSessionInfo } from '../sessions';
import { OpenCustomerSessionButton } from '../staff';
import { useConsoleInfo } from './adminConsoleQueries';
import { isConsolePath } from './bannerOwner';
import { CustomerBanner } from './CustomerBanner';
import { StationPicker } from './StationPicker';
import { storedSystemFamily, storeSystemFamily } from './systemFamilyChoice';

/** The bar's colours: production stands out, so the live fleet is never taken for a test server. */
const TONES = {
  production: { bgcolor: '#8e1b1b', label: 'admin.bar.production' },
  development: { bgcolor: '#3d2f73', label: 'admin.bar.development' },
} as const;

/**
 * The admin bar (spec doc 1 §2 "Admin bar", §6 Admin; decision 0088), above the top bar on every page
 * for admins: the server's environment in its colour, the system family radios (main, hay app, older
 * Gari system), the base-station picker over every station of the family, and whose data is shown.
 * Picking a station works for its customer: the app shows the customer's stations with the picked one
 * selected, and from the console's pages it opens the probe list.
 */
export function AdminBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSessionInfo().data;
  const actingFor = useActingFor(session);
  const { select } = useSelectedStation();
  const info = useConsoleInfo();
  const tone = TONES[adminBarTone(info.data?.environment)];
  const [family, setFamily] = useState<SystemFamily>(storedSystemFamily);

  const pick = (m: SystemMatch) => {
    if (!session) return;
    writeCookie(STATION_COOKIE, m.bs_id, STATION_COOKIE_MAX_AGE_S);
    // Another station of the same customer: the list is there already, only the selection moves.
    if (actingFor?.uid === m.owner.UID) select(m.bs_id);
    setActingFor({
      adminUid: session.UID,
      uid: m.owner.UID,
      username: m.owner.username,
      name: m.owner.name,
      bsId: m.bs_id,
    });
    if (isConsolePath(pathname)) void navigate('/probes');
  };

  return (
    <Box
      component="section"
      aria-label={t('admin.bar.label')}
      data-testid="admin-bar"
      data-tone={adminBarTone(info.data?.environment)}
      sx={{ bgcolor: tone.bgcolor, color: '#fff' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: { xs: 1, sm: 2 },
          px: 2,
          py: 0.75,
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5 }}>
          {info.data ? t(tone.label) : t('admin.bar.title')}
        </Typography>
        <RadioGroup
          row
          aria-label={t('admin.bar.families')}
          value={family}
          onChange={(e) => {
            const next = e.target.value as SystemFamily;
            setFamily(next);
            storeSystemFamily(next);
          }}
        >
          {SYSTEM_FAMILIES.map((f) => (
            <FormControlLabel
              key={f}
              value={f}
              control={
                <Radio size="small" sx={{ color: 'inherit', '&.Mui-checked': { color: 'inherit' } }} />
              }
              label={t(`admin.bar.family.${f}`)}
              sx={{ mr: 1.5, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
            />
          ))}
        </RadioGroup>
        <StationPicker family={family} onPick={pick} />
        {actingFor && <OpenCustomerSessionButton userId={actingFor.uid} name={customerLabel(actingFor)} />}
      </Box>
      <CustomerBanner actingFor={actingFor} />
    </Box>
  );
}

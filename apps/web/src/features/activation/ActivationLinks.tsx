import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import QrCode2 from '@mui/icons-material/QrCode2';
import Sensors from '@mui/icons-material/Sensors';
import { mayActivateKits } from '@emberwatch/shared/domain/activation/activationRules';
import { useShellContext } from '../../lib/shellContext';
import { useDemoMode } from './useDemoMode';

/**
 * "Activate probes" beside "Add base station" in the settings: the spec's menu has no activation
 * entry (doc 1 §2), and a station that has probes already gets no automatic dialog, so this is how a
 * user adds a new probe set without its QR code. Shown to whoever may activate kits.
 */
export function ActivateProbesButton() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const demo = useDemoMode();
  if (!mayActivateKits({ ...roleContext, demo }) || roleContext.partnerApp !== null) return null;
  return (
    <Button
      startIcon={<Sensors />}
      component={RouterLink}
      to="/activation/probes"
      sx={{ mt: 1.5, ml: 1 }}
      data-testid="activate-probes"
    >
      {t('activation.probes')}
    </Button>
  );
}

/** The admins' way to the kits and their QR codes (/admin/kits), from the admin pages. */
export function AdminKitsLink() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  if (!roleContext.admin) return null;
  return (
    <Button
      startIcon={<QrCode2 />}
      component={RouterLink}
      to="/admin/kits"
      sx={{ alignSelf: 'flex-start' }}
      data-testid="admin-kits-link"
    >
      {t('activation.kits.title')}
    </Button>
  );
}

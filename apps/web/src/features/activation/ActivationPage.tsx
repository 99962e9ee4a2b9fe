import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Router from '@mui/icons-material/Router';
import Sensors from '@mui/icons-material/Sensors';
import { activationViewOf, mayActivateKits } from '@emberwatch/shared/domain/activation/activationRules';
import { useShellContext } from '../../lib/shellContext';
import { useSelectedStation } from '../base-stations';
import { useDemoMode } from './useDemoMode';
import { AddBaseStationDialog } from './AddBaseStationDialog';
import { ProbeActivationDialog } from './ProbeActivationDialog';

/**
 * System and probe activation (spec doc 1 §2 routes): /activation/system and ?code1= open the base
 * station's activation, /activation/probes and ?code2= the probe activation dialog, with the code from
 * the address filled in (a kit's QR code leads here); /activation lets the user choose. It works before
 * the account has a station: a new user's first step is to add one. Probes need a station to go to.
 */
export function ActivationPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { roleContext } = useShellContext();
  const { selected, select } = useSelectedStation();
  const { view, code } = activationViewOf(pathname, search);
  const [open, setOpen] = useState<'system' | 'probes' | null>(view === 'choose' ? null : view);
  const demo = useDemoMode();
  const may = mayActivateKits({ ...roleContext, demo });
  const uid = roleContext.admin ? selected?.owner_UID : undefined;
  const systemDisabled = roleContext.partnerApp !== null || (roleContext.admin && uid === undefined);
  // The code was for the dialog it opened: once closed, the address no longer carries it.
  const done = () => {
    setOpen(null);
    if (search !== '' || pathname !== '/activation') void navigate('/activation', { replace: true });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('activation.title')}
      </Typography>
      {!may ? (
        <Alert severity="info">{t('activation.notAllowed')}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('activation.choose')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              startIcon={<Router />}
              disabled={systemDisabled}
              onClick={() => setOpen('system')}
            >
              {t('activation.system')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<Sensors />}
              disabled={!selected}
              onClick={() => setOpen('probes')}
            >
              {t('activation.probes')}
            </Button>
          </Stack>
          {!selected && (
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {t('activation.needStation')}
            </Typography>
          )}
          {open === 'probes' && !selected && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('activation.needStation')}
            </Alert>
          )}
        </>
      )}
      {roleContext.admin && (
        <Typography sx={{ mt: 3 }}>
          <Link component={RouterLink} to="/admin/kits">
            {t('activation.kits.title')}
          </Link>
        </Typography>
      )}
      {may && open === 'system' && (
        <AddBaseStationDialog
          uid={uid}
          initialCode={view === 'system' ? code : ''}
          onClose={done}
          onActivated={(bsId) => bsId && select(bsId)}
        />
      )}
      {may && open === 'probes' && selected && (
        <ProbeActivationDialog
          bsId={selected.bs_id}
          uid={uid}
          initialCode={view === 'probes' ? code : ''}
          onClose={done}
        />
      )}
    </Paper>
  );
}

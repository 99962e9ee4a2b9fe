import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '@mui/icons-material/Add';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Warehouse from '@mui/icons-material/Warehouse';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { Monitor } from '@emberwatch/shared/contracts/monitors';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { canSeeStorages } from '@emberwatch/shared/domain/roles';
import { monitorsToggleEnabled, simHasExpired } from '@emberwatch/shared/domain/sitePlan';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useBsConf, useSelectedStation } from '../base-stations';
import { StoragesToolbar } from '../storages';
import { MonitorCard } from './MonitorCard';
import { MonitorEditorDialog } from './MonitorEditorDialog';
import { useMonitors } from './monitorQueries';
import { Redirect } from '../../lib/Redirect';

/**
 * The monitor list at /storages/monitors (spec doc 3 §2 "Monitors list"): a card per monitor, the
 * empty state, and the floating add button for those who may change monitors; a card opens the
 * monitor editor. Masters who are not grand masters do not get here (the toolbar's rule).
 */
export function MonitorsPage() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const { selected } = useSelectedStation();
  const monitors = useMonitors();
  const [editing, setEditing] = useState<Monitor | 'new' | null>(null);
  const conf = useBsConf(selected?.bs_id ?? '');
  const nowS = useNowSeconds(60_000);
  // Spec doc 3 §2: once the station's SIM ("the simulation") has expired, the heading and an expiry
  // message show and no monitor is added; the existing ones stay listed.
  const expired = simHasExpired(conf.data?.sim_exp_date ?? null, nowS);
  const mayEdit = mayChange(roleContext, 'editMonitor') && !expired;

  if (!canSeeStorages(roleContext)) return <Redirect to="/probes" />;
  if (!monitorsToggleEnabled(roleContext)) return <Redirect to="/storages" />;
  if (!selected) return <EmptyState icon={<Warehouse />} text={t('stations.none')} />;
  const toolbar = <StoragesToolbar view="monitors" roleContext={roleContext} />;
  if (monitors.error)
    return (
      <Box>
        {toolbar}
        <LoadErrorAlert error={monitors.error} onRetry={() => void monitors.refetch()} />
      </Box>
    );
  if (!monitors.data) return <LoadingIndicator label={t('common.loading')} />;

  return (
    <Box sx={{ pb: 10 }}>
      {toolbar}
      {expired && (
        <Box sx={{ mb: 2 }} data-testid="monitors-expired">
          <Typography variant="h5" component="h1" gutterBottom>
            {t('monitors.list.title')}
          </Typography>
          <Alert severity="warning">{t('monitors.list.expired')}</Alert>
        </Box>
      )}
      {monitors.data.length === 0 ? (
        <EmptyState icon={<NotificationsActive />} text={t('monitors.list.empty')} />
      ) : (
        <Stack spacing={2} aria-label={t('monitors.list.label')} role="list">
          {monitors.data.map((m) => (
            <Box role="listitem" key={m.itemID}>
              <MonitorCard monitor={m} onOpen={mayEdit ? () => setEditing(m) : undefined} />
            </Box>
          ))}
        </Stack>
      )}
      {mayEdit && (
        <Fab
          color="primary"
          aria-label={t('monitors.list.add')}
          onClick={() => setEditing('new')}
          sx={{ position: 'fixed', right: 24, bottom: 24 }}
        >
          <Add />
        </Fab>
      )}
      {editing !== null && mayEdit && (
        <MonitorEditorDialog
          monitor={editing === 'new' ? null : editing}
          monitors={monitors.data}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}

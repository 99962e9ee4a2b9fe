import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SensorsOff from '@mui/icons-material/SensorsOff';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import ToggleOff from '@mui/icons-material/ToggleOff';
import { mayUseBatches } from '@emberwatch/shared/domain/batches/batchRights';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { canSeeStorages, firstPlan } from '@emberwatch/shared/domain/roles';
import {
  canTransferProbes,
  PROBE_FIND_DEBOUNCE_MS,
  probeGroupFilters,
  type ProbeGroupFilter,
} from '@emberwatch/shared/domain/settingsVisibility';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useSelectedStation } from '../base-stations';
import { useBatchGroups, type BatchGroup } from '../batches';
import { useStorageGroups, type StorageGroup } from '../storages';
import { useDebouncedValue } from './useDebouncedValue';
import { useSettingsFeedback } from './SettingsFeedback';
import { ToggleSensorsDialog } from './ToggleSensorsDialog';
import { TransferSensorsDialog } from './TransferSensorsDialog';
import { useStationProbes, type SettingsProbe } from './useStationProbes';

const filterKey = (f: ProbeGroupFilter) =>
  f.kind === 'storage' || f.kind === 'batch' ? `${f.kind}:${f.id}` : f.kind;

function inGroup(
  p: SettingsProbe,
  f: ProbeGroupFilter,
  groups: { storages: readonly StorageGroup[]; batches: readonly BatchGroup[] },
): boolean {
  if (f.kind === 'all') return true;
  const inAny = (list: readonly { id: string; probes: readonly string[] }[], id: string | null) =>
    list.some((g) => (id === null || g.id === id) && g.probes.includes(p.sensor_id_sys));
  // Vacant: in no storage and no ongoing batch.
  if (f.kind === 'vacant')
    return !p.storage_location && !inAny(groups.storages, null) && !inAny(groups.batches, null);
  if (f.kind === 'storage') return inAny(groups.storages, f.id);
  return inAny(groups.batches, f.id);
}

/**
 * Spec doc 2 §2.3: the selected station's probes with a group filter, a find box (150 ms debounce),
 * the disabled-probes dialog and the transfer dialog. A probe opens its detail page.
 */
export function ProbesSettingsTab() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const { selected, groupIds, stations } = useSelectedStation();
  const { notify } = useSettingsFeedback();
  const { probes, isLoading, error, refetch } = useStationProbes(groupIds);
  const [groupKey, setGroupKey] = useState('all');
  const [find, setFind] = useState('');
  const query = useDebouncedValue(find, PROBE_FIND_DEBOUNCE_MS).trim().toLowerCase();
  const [dialog, setDialog] = useState<'toggle' | 'transfer' | null>(null);

  // The account's storages for users who see storages; its ongoing batches for those who follow them.
  const storages = useStorageGroups(canSeeStorages(roleContext));
  const batches = useBatchGroups(mayUseBatches(roleContext));
  const filters = probeGroupFilters({
    storages,
    batches,
    planExpired: firstPlan(roleContext)?.expired ?? false,
  });
  const filter = filters.find((f) => filterKey(f) === groupKey) ?? filters[0] ?? { kind: 'all' };
  const shown = probes.filter(
    (p) =>
      inGroup(p, filter, { storages, batches }) &&
      (query === '' ||
        p.sensor_id_sys.toLowerCase().includes(query) ||
        (p.sensor_name ?? '').toLowerCase().includes(query)),
  );
  const targets = stations.filter((s) => !groupIds.includes(s.bs_id));
  const mayTransfer = canTransferProbes(roleContext) && targets.length > 0;
  // A sub-user sees which probes are disabled (the chips below) but cannot switch them.
  const mayToggle = mayChange(roleContext, 'toggleProbes');

  if (!selected) return <EmptyState icon={<SensorsOff />} text={t('stations.none')} />;
  if (error) return <LoadErrorAlert onRetry={refetch} />;
  if (isLoading) return <LoadingIndicator label={t('common.loading')} />;
  if (probes.length === 0) return <EmptyState icon={<SensorsOff />} text={t('settings.probes.empty')} />;

  const filterLabel = (f: ProbeGroupFilter) =>
    f.kind === 'all'
      ? t('settings.probes.groupAll')
      : f.kind === 'vacant'
        ? t('settings.probes.groupVacant')
        : f.name;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
          <InputLabel id="settings-probe-group">{t('settings.probes.group')}</InputLabel>
          <Select<string>
            labelId="settings-probe-group"
            label={t('settings.probes.group')}
            value={filterKey(filter)}
            onChange={(e) => setGroupKey(e.target.value)}
          >
            {filters.map((f) => (
              <MenuItem key={filterKey(f)} value={filterKey(f)}>
                {filterLabel(f)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          size="small"
          label={t('settings.probes.find')}
          value={find}
          onChange={(e) => setFind(e.target.value)}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 200px' } }}
          slotProps={{ htmlInput: { type: 'search', 'data-testid': 'probe-find' } }}
        />
        {mayToggle && (
          <Button
            startIcon={<ToggleOff />}
            onClick={() => setDialog('toggle')}
            data-testid="open-disabled-sensors"
          >
            {t('settings.probes.disabledSensors')}
          </Button>
        )}
        {mayTransfer && (
          <Button startIcon={<SwapHoriz />} onClick={() => setDialog('transfer')} data-testid="open-transfer">
            {t('settings.probes.transferSensors')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('settings.probes.count', { count: shown.length })}
      </Typography>
      <List data-testid="settings-probe-list">
        {shown.map((p) => {
          const name = p.sensor_name?.trim();
          // Each link in its own item: a list holds only items (WCAG 1.3.1, decision 0138).
          return (
            <ListItem key={p.sensor_id_sys} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={`/probes/${encodeURIComponent(p.sensor_id_sys)}`}
                data-testid="settings-probe"
                data-sensor-id={p.sensor_id_sys}
                divider
              >
                <ListItemText
                  primary={name || p.sensor_id_sys}
                  secondary={[name ? p.sensor_id_sys : null, t(`settings.probes.kind.${p.kind}`)]
                    .filter(Boolean)
                    .join(' · ')}
                />
                {p.disabled && <Chip size="small" label={t('settings.probes.disabled')} />}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {shown.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('settings.probes.noMatch')}
        </Typography>
      )}
      {dialog === 'toggle' && mayToggle && (
        <ToggleSensorsDialog
          open
          onClose={() => setDialog(null)}
          probes={probes}
          onSaved={() => notify('saved')}
        />
      )}
      {dialog === 'transfer' && (
        <TransferSensorsDialog
          open
          onClose={() => setDialog(null)}
          probes={probes}
          targets={targets}
          onSaved={() => notify('saved')}
        />
      )}
    </Paper>
  );
}

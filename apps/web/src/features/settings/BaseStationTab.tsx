import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/Edit';
import SensorsOff from '@mui/icons-material/SensorsOff';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { formatDate } from '../../lib/formatDate';
import { useShellContext } from '../../lib/shellContext';
import { EmptyState } from '../../ui/EmptyState';
import { FieldRow } from '../../ui/FieldRow';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { ActivateProbesButton, AddBaseStationButton } from '../activation';
import { OtaBlock } from '../firmware';
import { useBsConf, useSelectedStation } from '../base-stations';
import { useUiPreferences } from '../sessions';
import { SimBlock } from '../sims';
import { StationToolsBlocks } from '../station-admin';
import { StationAdminBlocks } from '../station-logs';
import { EditValueDialog } from './EditValueDialog';
import { useSettingsFeedback } from './SettingsFeedback';

/** IANA zones the browser knows, with the station's own zone kept even if this browser lacks it. */
export function timezoneOptions(current: string | null): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(zones);
  if (current) all.add(current);
  if (!all.has('UTC')) all.add('UTC');
  return [...all].sort();
}

/**
 * Spec doc 2 §2.5: display name, id, timezone, activation date, type/model and firmware of the
 * selected station, and for admins the station's traffic and mobile network (station-logs feature)
 * and its firmware update with the firmware intervals (firmware feature). Name and timezone are edited in dialogs (POST updateBsDisplayName, setBsTimezone),
 * by the owner, not by a sub-user (docs/decisions/0014-sub-user-rights.md).
 */
export function BaseStationTab() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const mayEdit = mayChange(roleContext, 'editStation');
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { notify } = useSettingsFeedback();
  const { selected } = useSelectedStation();
  const prefs = useUiPreferences();
  const bsId = selected?.bs_id ?? '';
  const conf = useBsConf(selected?.bs_id);
  const [editing, setEditing] = useState<'name' | 'timezone' | null>(null);

  if (!selected)
    return (
      <EmptyState icon={<SensorsOff />} text={t('stations.none')}>
        <AddBaseStationButton />
      </EmptyState>
    );
  if (conf.error) return <LoadErrorAlert onRetry={() => void conf.refetch()} />;
  if (!conf.data) return <LoadingIndicator label={t('common.loading')} />;
  const bs = conf.data;

  const saved = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.bsConf(bsId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.basestations }),
    ]);
    notify('saved');
  };
  const notSet = <Typography color="text.secondary">{t('settings.basestation.notSet')}</Typography>;
  const editButton = (what: 'name' | 'timezone', label: string) =>
    mayEdit ? (
      <IconButton aria-label={label} onClick={() => setEditing(what)} data-testid={`edit-${what}`}>
        <Edit fontSize="small" />
      </IconButton>
    ) : undefined;
  const firmware = [
    bs.firmware_ver,
    bs.bast_ver ? t('settings.basestation.revision', { rev: bs.bast_ver }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }}>
      <FieldRow
        testId="bs-display-name"
        label={t('settings.basestation.displayName')}
        value={bs.display_name?.trim() || notSet}
        action={editButton('name', t('settings.basestation.editDisplayName'))}
      />
      <FieldRow testId="bs-id" label={t('settings.basestation.id')} value={bs.bs_id} />
      <FieldRow
        testId="bs-timezone"
        label={t('settings.basestation.timezone')}
        value={bs.timezone ?? notSet}
        action={editButton('timezone', t('settings.basestation.editTimezone'))}
      />
      <FieldRow
        testId="bs-activation"
        label={t('settings.basestation.activationDate')}
        value={bs.activation_date ? formatDate(bs.activation_date, prefs.date_format) : notSet}
      />
      <FieldRow testId="bs-type" label={t('settings.basestation.type')} value={bs.typeLabel} />
      <FieldRow testId="bs-firmware" label={t('settings.basestation.firmware')} value={firmware || notSet} />

      {editing === 'name' && (
        <EditValueDialog
          title={t('settings.basestation.editDisplayName')}
          initial={bs.display_name ?? ''}
          onClose={() => setEditing(null)}
          onSave={async (value) => {
            await api.call(endpoints.probes.updateBsDisplayName, {
              bs_id: bs.bs_id,
              display_name: value.trim(),
            });
            await saved();
          }}
        >
          {(value, setValue) => (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('settings.basestation.displayName')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              helperText={t('settings.basestation.displayNameHelp')}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
          )}
        </EditValueDialog>
      )}
      {editing === 'timezone' && (
        <EditValueDialog
          title={t('settings.basestation.editTimezone')}
          initial={bs.timezone ?? ''}
          required
          onClose={() => setEditing(null)}
          onSave={async (value) => {
            await api.call(endpoints.probes.setBsTimezone, { bs_id: bs.bs_id, timezone: value });
            await saved();
          }}
        >
          {(value, setValue) => (
            <TextField
              select
              autoFocus
              fullWidth
              margin="dense"
              label={t('settings.basestation.timezone')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              // A native list: some 400 zones scroll and type-search well on phones.
              slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'timezone-select' } }}
            >
              {value === '' && <option value="">{t('settings.basestation.notSet')}</option>}
              {timezoneOptions(bs.timezone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </TextField>
          )}
        </EditValueDialog>
      )}
      {/* Spec doc 2 §2.5: the admin-only blocks. */}
      {roleContext.admin && <StationAdminBlocks bsId={bs.bs_id} />}
      {roleContext.admin && <OtaBlock bsId={bs.bs_id} />}
      {roleContext.admin && <SimBlock bsId={bs.bs_id} />}
      {roleContext.admin && <StationToolsBlocks bsId={bs.bs_id} probes={bs.sensor_configurations.length} />}
      <AddBaseStationButton />
      <ActivateProbesButton />
    </Paper>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Monitor } from '@emberwatch/shared/contracts/monitors';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { useShellContext } from '../../lib/shellContext';
import { MonitorEditorDialog } from './MonitorEditorDialog';
import { monitorChoices, newestMonitorId } from './monitorChoices';

/**
 * Choosing a storage's monitor on its monitor tab (spec doc 3 §4): the account's monitors, those
 * whose fan-control rule already drives another storage's controller disabled; "Add monitor" opens
 * the editor and selects the new monitor by the highest itemID; "Edit monitor" edits the chosen one
 * with the "applies to" note as a warning. The choice is saved with the storage at once (onChoose).
 */
export function StorageMonitorChooser({
  storageId,
  monitorId,
  monitors,
  readOnly,
  onChoose,
}: {
  storageId: number;
  monitorId: number | null;
  monitors: readonly Monitor[];
  readOnly: boolean;
  onChoose: (monitorId: number | null) => void;
}) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const [editing, setEditing] = useState<Monitor | 'new' | null>(null);
  const mayEditMonitors = !readOnly && mayChange(roleContext, 'editMonitor');
  const chosen = monitors.find((m) => m.itemID === monitorId) ?? null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label={t('monitors.storageTab.choose')}
        value={monitorId === null ? 'none' : String(monitorId)}
        disabled={readOnly}
        onChange={(e) => onChoose(e.target.value === 'none' ? null : Number(e.target.value))}
        sx={{ minWidth: 240 }}
        slotProps={{
          select: {
            renderValue: (v) =>
              v === 'none' ? t('storageDetail.noMonitor') : (chosen?.name ?? `#${String(v)}`),
          },
        }}
      >
        <MenuItem value="none">{t('storageDetail.noMonitor')}</MenuItem>
        {monitorChoices(monitors, storageId).map(({ monitor, usedByFanElsewhere }) => (
          <MenuItem key={monitor.itemID} value={String(monitor.itemID)} disabled={usedByFanElsewhere}>
            <ListItemText
              primary={monitor.name}
              secondary={usedByFanElsewhere ? t('monitors.storageTab.usedByFan') : undefined}
            />
          </MenuItem>
        ))}
      </TextField>
      {mayEditMonitors && (
        <Button startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('monitors.storageTab.add')}
        </Button>
      )}
      {mayEditMonitors && chosen && (
        <Button startIcon={<Edit />} onClick={() => setEditing(chosen)}>
          {t('monitors.storageTab.edit')}
        </Button>
      )}
      {editing !== null && (
        <MonitorEditorDialog
          monitor={editing === 'new' ? null : editing}
          monitors={monitors}
          fromStorage
          onSaved={(saved) => {
            if (editing === 'new') onChoose(newestMonitorId([...monitors, saved]));
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useApiClient } from '../../lib/ApiClientContext';
import { ProbePickList } from './ProbePickList';
import { byStation, type SettingsProbe } from './useStationProbes';
import { useProbeBatchSave } from './useProbeBatchSave';

/**
 * Enable/disable probes (spec doc 2 §2.6, §7): a checked probe is disabled. Saving sends the newly
 * disabled and the newly enabled probes per station (POST /client/toggleSensors), then reloads the
 * stations' configuration and readings.
 */
export function ToggleSensorsDialog({
  open,
  onClose,
  probes,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  probes: readonly SettingsProbe[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { busy, failed, run } = useProbeBatchSave(onSaved, onClose);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const initial = new Set(probes.filter((p) => p.disabled).map((p) => p.sensor_id_sys));
  const [checked, setChecked] = useState<Set<string>>(initial);

  const toDisable = new Set([...checked].filter((id) => !initial.has(id)));
  const toEnable = new Set([...initial].filter((id) => !checked.has(id)));
  const changed = toDisable.size + toEnable.size > 0;

  function save() {
    const calls: Promise<unknown>[] = [];
    for (const [ids, disabled] of [
      [toDisable, true],
      [toEnable, false],
    ] as const) {
      for (const [bsId, selected] of byStation(probes, ids))
        calls.push(
          api.post('/client/toggleSensors', {
            bs_id: bsId,
            selected_sensor_ids: selected,
            is_disabled: disabled,
          }),
        );
    }
    return run(
      calls,
      probes.map((p) => p.bsId),
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{t('settings.probes.disabledTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('settings.probes.disabledText')}</DialogContentText>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('settings.saveFailed')}
          </Alert>
        )}
        <ProbePickList
          probes={probes}
          checked={checked}
          onToggle={(id) =>
            setChecked((s) => {
              const next = new Set(s);
              if (!next.delete(id)) next.add(id);
              return next;
            })
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('settings.cancel')}</Button>
        <Button variant="contained" disabled={!changed || busy} onClick={() => void save()}>
          {t('settings.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

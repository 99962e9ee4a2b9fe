import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { BasestationSummary } from '@emberwatch/shared/contracts/baseStations';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { stationLabel } from '@emberwatch/shared/domain/baseStationTabs';
import { canSubmitTransfer } from '@emberwatch/shared/domain/settingsVisibility';
import { useApiClient } from '../../lib/ApiClientContext';
import { useToggleSet } from '../../lib/useToggleSet';
import { ProbeBatchDialog } from './ProbeBatchDialog';
import { ProbePickList } from './ProbePickList';
import { byStation, type SettingsProbe } from './useStationProbes';
import { useProbeBatchSave } from './useProbeBatchSave';

/**
 * Transfer probes to another station (spec doc 2 §2.6, §5, §7): a target station and at least one
 * probe are required. POST /client/transferSensors per source station, then both sides reload.
 */
export function TransferSensorsDialog({
  open,
  onClose,
  probes,
  targets,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  probes: readonly SettingsProbe[];
  /** Stations the probes may go to (not those of the current tab). */
  targets: readonly BasestationSummary[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { busy, failed, run } = useProbeBatchSave(onSaved, onClose);
  const [target, setTarget] = useState('');
  const [checked, toggle] = useToggleSet();

  const sources = byStation(probes, checked);
  const ready = [...sources.keys()].every((bs) =>
    canSubmitTransfer({ currentBs: bs, targetBs: target, selectedCount: checked.size }),
  );
  const canSubmit = checked.size > 0 && !!target && ready;

  function transfer() {
    return run(
      [...sources].map(([currentBS, selectedSensors]) =>
        api.call(endpoints.probes.transferSensors, { currentBS, selectedBS: target, selectedSensors }),
      ),
      [...sources.keys(), target],
    );
  }

  return (
    <ProbeBatchDialog
      open={open}
      onClose={onClose}
      title={t('settings.probes.transferTitle')}
      text={t('settings.probes.transferText')}
      failed={failed}
      busy={busy}
      actionLabel={t('settings.probes.transfer')}
      canAct={canSubmit}
      onAct={() => void transfer()}
    >
      <FormControl fullWidth size="small" required error={!target} sx={{ mt: 1, mb: 2 }}>
        <InputLabel id="transfer-target">{t('settings.probes.transferTarget')}</InputLabel>
        <Select<string>
          labelId="transfer-target"
          label={t('settings.probes.transferTarget')}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          data-testid="transfer-target"
        >
          {targets.map((s) => (
            <MenuItem key={s.bs_id} value={s.bs_id}>
              {stationLabel(s) === s.bs_id ? s.bs_id : `${stationLabel(s)} · ${s.bs_id}`}
            </MenuItem>
          ))}
        </Select>
        {!target && <FormHelperText>{t('settings.probes.transferTargetRequired')}</FormHelperText>}
      </FormControl>
      <ProbePickList probes={probes} checked={checked} onToggle={toggle} />
      {checked.size === 0 && (
        <FormHelperText error>{t('settings.probes.transferProbesRequired')}</FormHelperText>
      )}
    </ProbeBatchDialog>
  );
}

import { useTranslation } from 'react-i18next';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { useToggleSet } from '../../lib/useToggleSet';
import { ProbeBatchDialog } from './ProbeBatchDialog';
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
  const initial = new Set(probes.filter((p) => p.disabled).map((p) => p.sensor_id_sys));
  const [checked, toggle] = useToggleSet(initial);

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
          api.call(endpoints.probes.toggleSensors, {
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
    <ProbeBatchDialog
      open={open}
      onClose={onClose}
      title={t('settings.probes.disabledTitle')}
      text={t('settings.probes.disabledText')}
      failed={failed}
      busy={busy}
      actionLabel={t('settings.save')}
      canAct={changed}
      onAct={() => void save()}
    >
      <ProbePickList probes={probes} checked={checked} onToggle={toggle} />
    </ProbeBatchDialog>
  );
}

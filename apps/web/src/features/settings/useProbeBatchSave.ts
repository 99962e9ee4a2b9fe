import { useState } from 'react';
import { useReloadStations } from './useStationProbes';

/**
 * The save of the probe dialogs (enable/disable, transfer): send one call per station, reload the
 * stations they touched whatever happened, then close on success or stay open with an error.
 */
export function useProbeBatchSave(onSaved: () => void, onClose: () => void) {
  const reload = useReloadStations();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function run(calls: Promise<unknown>[], touchedStations: readonly string[]): Promise<void> {
    setBusy(true);
    setFailed(false);
    const results = await Promise.allSettled(calls);
    await reload([...new Set(touchedStations)]);
    setBusy(false);
    if (results.some((r) => r.status === 'rejected')) {
      setFailed(true);
      return;
    }
    onSaved();
    onClose();
  }

  return { busy, failed, run };
}

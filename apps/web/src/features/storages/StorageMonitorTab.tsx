import type { Storage } from '@emberwatch/shared';
import { StorageMonitorPanel } from '../monitors';
import { storageProbeIds } from './layoutLevels';

/**
 * Tab 3 of the storage detail (spec doc 3 §2): the storage's monitor, its rules and the current alerts
 * of the storage's probes (the monitors feature draws them; the page loads lazily, so the two features'
 * imports of each other never meet at start-up).
 */
export function StorageMonitorTab({ storage }: { storage: Storage }) {
  return (
    <div data-testid={`monitor-tab-${storage.itemID}`}>
      <StorageMonitorPanel
        storageId={storage.itemID}
        monitorId={storage.monitor}
        sensorIds={storageProbeIds(storage.sensor_layout, storage.stacks)}
      />
    </div>
  );
}

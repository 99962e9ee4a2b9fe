import type { Storage } from '@emberwatch/shared/contracts/storages';
import { StorageMonitorPanel } from '../monitors';
import { DeliveryLog } from '../delivery';
import { storageInputOf } from './storageInput';
import { storageProbeIds } from './layoutLevels';
import { useSaveStorage } from './storageQueries';

/**
 * Tab 3 of the storage detail (spec doc 3 §2): the storage's monitor, its rules and the current alerts
 * of the storage's probes (the monitors feature draws them; the page loads lazily, so the two features'
 * imports of each other never meet at start-up). Choosing a monitor saves the storage with it.
 */
export function StorageMonitorTab({ storage, readOnly }: { storage: Storage; readOnly: boolean }) {
  const save = useSaveStorage();
  return (
    <div data-testid={`monitor-tab-${storage.itemID}`}>
      <StorageMonitorPanel
        storageId={storage.itemID}
        bsId={storage.BS_ID}
        monitorId={storage.monitor}
        sensorIds={storageProbeIds(storage.sensor_layout, storage.stacks)}
        readOnly={readOnly || save.isPending}
        onChoose={(monitor) => {
          if (monitor === storage.monitor) return;
          // Spec doc 3 §8: a failed storage save is only logged; the choice shown stays the saved one.
          save.mutate(
            { ...storageInputOf(storage), monitor },
            { onError: (e) => console.error('saveStorage failed', e) },
          );
        }}
      />
      <DeliveryLog storageId={storage.itemID} />
    </div>
  );
}

import type { StorageInput } from '@emberwatch/shared/contracts/storages';
import type { StorageValues } from './storage.repository.js';

/** The row a storage is saved as: the item's fields, its JSON parts as text, who saved it and when. */
export function storageValues(
  item: Omit<StorageInput, 'itemID'>,
  saved: { ownerId: number; bsId: string; byUserId: number; nowS: number },
): StorageValues {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return {
    owner_user_id: saved.ownerId,
    bs_id: saved.bsId,
    name: item.name,
    type: item.type,
    capacity: item.capacity,
    layout_type: item.layoutType,
    sensor_layout: json(item.sensor_layout),
    stacks: JSON.stringify(item.stacks),
    monitor_id: item.monitor,
    layout_prefs: json(item.layout_prefs),
    alert_messaging: json(item.alertMessaging),
    quality_period: json(item.qualityPeriod),
    updated_ts: saved.nowS,
    updated_by: saved.byUserId,
  };
}

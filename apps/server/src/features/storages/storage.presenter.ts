import type { LayoutPrefs, SensorLayout, Stack } from '@emberwatch/shared/contracts/storageLayout';
import type { AlertMessaging, QualityPeriod, Storage } from '@emberwatch/shared/contracts/storages';
import type { StorageRow } from './storage.repository.js';

function parsed<T>(json: string | null): T | null {
  return json === null ? null : (JSON.parse(json) as T);
}

/** A stored storage as the API answers it (spec doc 3 §3 "Storage"); the JSON was checked on save. */
export function presentStorage(row: StorageRow): Storage {
  return {
    itemID: row.id,
    UID: row.owner_user_id,
    name: row.name,
    type: row.type,
    capacity: row.capacity,
    BS_ID: row.bs_id,
    layoutType: row.layout_type,
    undefinedLayoutType: row.layout_type === null,
    sensor_layout: parsed<SensorLayout>(row.sensor_layout),
    stacks: parsed<Stack[]>(row.stacks) ?? [],
    monitor: row.monitor_id,
    layout_prefs: parsed<LayoutPrefs>(row.layout_prefs),
    alertMessaging: parsed<AlertMessaging>(row.alert_messaging),
    qualityPeriod: parsed<QualityPeriod>(row.quality_period),
    updated_ts: row.updated_ts,
  };
}

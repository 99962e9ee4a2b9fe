/** The storage types the new-storage dialog offers (spec doc 3 §3 Storage.type); stored as these codes. */
export const STORAGE_TYPES = [
  'open_air',
  'tarp_covered',
  'roof_covered',
  'open-warehouse',
  'warehouse',
] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

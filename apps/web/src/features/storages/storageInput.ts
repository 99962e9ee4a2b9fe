import type { Storage, StorageInput } from '@emberwatch/shared/contracts/storages';

/** The saved storage as the save call takes it back: the whole item, without the server's fields. */
export function storageInputOf(storage: Storage): StorageInput {
  const { UID: _uid, undefinedLayoutType: _undefined, updated_ts: _updated, ...input } = storage;
  return input;
}

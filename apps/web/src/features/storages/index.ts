// The storages feature's public surface: the storage queries, which the storage detail reads too.
export {
  storagesQuery,
  useRemoveStorage,
  useSaveStorage,
  useStorage,
  useStorageAccount,
  useStorages,
} from './storageQueries';
// The storage toolbar and the unsaved-edits guard, which the site plan (at /storages/site) shows too.
export { StoragesToolbar, type SiteToolbarControls } from './StoragesToolbar';
export { useUnsavedEditsGuard } from './useUnsavedEditsGuard';
// The storages as probe groups: the settings' probe filter and a probe's usage chips.
export { useStorageGroups, type StorageGroup } from './useStorageGroups';

// The storages feature's public surface: the storage queries, which the storage detail reads too.
export {
  storagesQuery,
  useRemoveStorage,
  useSaveStorage,
  useStorage,
  useStorageAccount,
  useStorages,
} from './storageQueries';

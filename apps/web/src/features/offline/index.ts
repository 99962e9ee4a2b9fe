// The offline feature's public surface for the shell: the banner shown while the app has no network,
// and the notices of a poor one (reads being retried, saves waiting or not saved; decision 0140).
// The kept copy of the data (offlineCache.ts) is set up by the entry from its own file, so that this
// index (and MUI with it) stays out of the entry bundle.
export { OfflineBanner } from './OfflineBanner';
export { ConnectionNotices } from './ConnectionNotices';

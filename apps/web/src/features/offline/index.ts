// The offline feature's public surface for the shell: the banner shown while the app has no network.
// The kept copy of the data (offlineCache.ts) is set up by the entry from its own file, so that this
// index (and MUI with it) stays out of the entry bundle.
export { OfflineBanner } from './OfflineBanner';

// The batches feature's public surface: the default batch settings section the settings page shows
// to compost supervisors. Its pages are loaded lazily by the shell from pages.tsx.
export { BatchDefaultsSection } from './BatchDefaultsSection';
// The ongoing batches as probe groups, for the settings' probe list filter.
export { useBatchGroups, type BatchGroup } from './useBatchGroups';

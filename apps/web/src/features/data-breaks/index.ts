// The data-breaks feature's public surface (decision 0071): the account's delay in the settings, a
// storage's own delay in its details, and the queries behind them.
export { DataBreakDelaySection } from './DataBreakDelaySection';
export { StorageDataBreakDelay } from './StorageDataBreakDelay';
export { useDataBreakSettings, useSaveDataBreakSettings } from './dataBreakQueries';

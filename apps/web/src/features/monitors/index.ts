/** What other features use of the monitors feature. */
export { StorageMonitorPanel } from './StorageMonitorPanel';

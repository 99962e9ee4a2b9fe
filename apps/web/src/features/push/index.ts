// The push feature's public surface: the settings' "Alerts on this device" section. The service
// worker's registration at start is imported by the entry from ./registerServiceWorker itself, so
// that this index (and MUI with it) stays out of the entry bundle.
export { PushAlertsSection, type PushTestResult } from './PushAlertsSection';

// The alert-channels feature's public surface: the Alert channels tab the account area shows at
// /account/alerts, and the link to it from a storage's alert messaging.
export { AlertChannelsTab } from './AlertChannelsTab';
export { AlertChannelsLink, ALERT_CHANNELS_PATH } from './AlertChannelsLink';

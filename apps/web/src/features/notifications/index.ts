// The notifications feature's public surface: the top bar's button and its dialog.
export { NotificationsButton } from './NotificationsButton';

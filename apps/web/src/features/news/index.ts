// The news feature's public surface: the top bar's button and its dialog.
export { NewsButton } from './NewsButton';

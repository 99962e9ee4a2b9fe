// The plan-expiry feature's public surface: the shell's blocking renewal dialog.
export { ExpiryBlockDialog } from './ExpiryBlockDialog';

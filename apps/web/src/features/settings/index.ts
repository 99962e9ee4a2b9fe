// The settings feature's public surface: the edit dialog the account area uses too. Its page is
// loaded lazily by the shell from its own file.
export { EditValueDialog } from './EditValueDialog';

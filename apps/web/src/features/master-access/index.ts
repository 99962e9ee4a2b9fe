// The master-access feature's public surface: the top bar's request button and its dialog.
export { MasterRequests } from './MasterRequests';

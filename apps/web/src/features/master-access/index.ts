// The master-access feature's public surface: the top bar's request button and its dialog, and the
// farm's list of its masters (the account area shows it).
export { MasterRequests } from './MasterRequests';
export { AccountMasters } from './AccountMasters';

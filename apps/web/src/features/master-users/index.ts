// The master-users feature's public surface: the master's own account page (the account area shows it
// to masters). The public /master entry page is mounted by the app's routes from its own file.
export { MasterAccountPage } from './MasterAccountPage';

// The Gari migration's public surface: the top bar's account badges. Its /admin/gari-migration page
// is loaded lazily by the shell from its own file.
export { AccountBadges } from './AccountBadges';

// The station-logs feature's public surface: the admin blocks of the base-station settings. Its
// /bslog page is loaded lazily by the shell from its own file.
export { StationAdminBlocks } from './StationAdminBlocks';

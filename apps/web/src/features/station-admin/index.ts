// The station-admin feature's public surface: the base-station settings' station tools. Its
// /admin/probe-stop page is loaded lazily by the shell from its own file.
export { StationToolsBlocks } from './StationToolsBlocks';

// The probe-detail feature's public surface: where a probe's detail lives, for links to it. The
// page itself (and the chart library with it) is loaded lazily by the shell from its own file.
export { probeDetailPath } from './probeDetailPaths';

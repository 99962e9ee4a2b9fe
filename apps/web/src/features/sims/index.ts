// The sims feature's public surface: the SIM block of the base-station settings. Its /admin/sims page
// is loaded lazily by the shell from its own file.
export { SimBlock } from './SimBlock';

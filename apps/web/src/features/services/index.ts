// The services feature's public surface: the block of an account's registered services that the
// account's Services tab shows staff. Its /admin/services page is loaded lazily by the shell.
export { CustomerServicesBlock } from './CustomerServicesBlock';
export { ExtraServicesOrder } from './ExtraServicesOrder';

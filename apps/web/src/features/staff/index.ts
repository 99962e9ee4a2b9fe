// The staff feature's public surface: the customer's session (loginAdmin, decision 0099) — the button
// that opens one (for the admin bar and the customers' page) and the shell's banner while it lasts.
// Its /admin/staff page is loaded lazily by the shell from its own file.
export { OpenCustomerSessionButton } from './OpenCustomerSessionButton';
export { CustomerSessionBanner } from './CustomerSessionBanner';

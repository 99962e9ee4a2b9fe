// The customers feature's public surface: none. Its /admin/customers page is loaded lazily by the shell
// from pages.tsx; the detail opens the customer's session with the staff feature's button.
export {};

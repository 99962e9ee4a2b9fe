// The customers feature's public surface: its /admin/customers page is loaded lazily by the shell from
// pages.tsx; the detail's slot for a session-opening action is CustomerDialog's `sessionAction`.
export type { CustomerSessionAction } from './CustomerDialog';

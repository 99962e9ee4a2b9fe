// The broadcasts feature has no public surface: its /admin/broadcasts page is loaded lazily by the
// shell from its own file (pages.tsx).
export {};

// The site-index feature has no public surface: its /siteindex page is loaded lazily by the shell
// from its own file (pages.tsx).
export {};

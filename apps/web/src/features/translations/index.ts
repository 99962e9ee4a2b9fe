// The translations feature's public surface: none yet. Its /translations page is loaded lazily by the
// shell from its own file (pages.tsx).
export {};

// The connections feature's pages are loaded lazily by the shell from pages.tsx; nothing else is public.
export {};

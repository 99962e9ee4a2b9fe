// The site-plan feature's public surface: the account's site plans, which the storage list reads
// for its 'Site not specified' texts. The page itself is loaded lazily from pages.tsx.
export { sitesQuery, useSites } from './siteQueries';

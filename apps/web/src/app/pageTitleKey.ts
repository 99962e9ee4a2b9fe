/** The i18n key of the top bar's page title for a path. */
export function pageTitleKey(pathname: string): string {
  if (pathname === '/') return 'titles.home';
  if (pathname === '/probes' || pathname.startsWith('/probes/')) return 'titles.probes';
  if (/^\/storages\/[^/]+\/probes\//.test(pathname)) return 'titles.probes';
  if (pathname === '/settings' || pathname.startsWith('/settings/')) return 'settings.title';
  if (pathname === '/instructions') return 'titles.instructions';
  return 'titles.notFound';
}

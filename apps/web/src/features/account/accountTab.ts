export const ACCOUNT_TABS = ['users', 'credentials', 'services', 'alerts'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/**
 * Spec doc 2 §2.8: "The tab follows the last path segment; a deeper path selects Services" (the
 * checkout and renewal live under /account/services/…). /account, or a segment that is no tab, has no
 * tab: the page leads it to Users.
 */
export function accountTabOf(pathname: string): AccountTab | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'account') return null;
  const rest = segments.slice(1);
  if (rest.length >= 2) return 'services';
  const tab = rest[0];
  return (ACCOUNT_TABS as readonly string[]).includes(tab ?? '') ? (tab as AccountTab) : null;
}

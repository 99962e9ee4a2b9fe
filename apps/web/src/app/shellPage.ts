import { matchRoutes } from 'react-router';
import { supportProductOf } from '@emberwatch/shared/domain/partnerApps/partnerAppRules';
import { appRoutes } from './appRoutes';

/**
 * Whether `url` is a page of the logged-in app (the routes' catch-all, not a support page): the login,
 * the entry pages and the support pages are drawn by the browser, as before.
 */
export function isShellPage(url: string): boolean {
  const pathname = new URL(url, 'http://page').pathname;
  const matches = matchRoutes(appRoutes, pathname);
  return matches?.at(-1)?.route.path === '/*' && supportProductOf(pathname) === undefined;
}

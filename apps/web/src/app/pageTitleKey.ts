import { matchPath } from 'react-router';
import type { TranslationKey } from '../i18n/translationKey';
import type { PageDefinition } from '../lib/pageDefinition';
import { PAGES } from './pages';

const pages: readonly PageDefinition[] = PAGES;

/**
 * The i18n key of the top bar's page title for a path: the title of the page whose route matches
 * (app/pages.ts), so the title always names the page shown.
 */
export function pageTitleKey(pathname: string): TranslationKey {
  if (pathname === '/') return 'titles.home';
  const page = pages.find((p) => p.paths.some((path) => matchPath(`/${path}`, pathname)));
  return page?.titleKey ?? 'titles.notFound';
}

import { matchPath } from 'react-router';
import type { PageDefinition } from '../lib/pageDefinition';
import { PAGES } from './pages';

const pages: readonly PageDefinition[] = PAGES;

/**
 * Starts fetching the code of the page at `pathname`, if it is one of the page list's: the shell
 * calls it as soon as it has loaded, so the page's code arrives while the session and the stations
 * are read, not after the shell has drawn (decision 0146).
 */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const page = pages.find((p) => p.paths.some((path) => matchPath(`/${path}`, pathname)));
  return page?.component.preload() ?? Promise.resolve();
}

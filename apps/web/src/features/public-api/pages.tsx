import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/** The public API's calls the spec's route table opens as a test page (doc 1 §2). */
export const TEST_PAGE_CALLS = [
  'v1/getSummary',
  'v1/getOverview',
  'v1/getMeasurements',
  'v2/activateSystem',
  'v2/activateProbes',
  'v2/deactivateBS',
  'v2/reactivateBS',
] as const;

/**
 * /api/v1/getSummary … /api/v2/reactivateBS in the browser (spec doc 1 §2 route table, issue 33 item
 * 3): the test page. The server serves the web app for these addresses when a browser asks for HTML
 * without a key, and answers the API call otherwise (public-api/publicApi.routes.ts).
 */
export const publicApiPages = [
  {
    paths: TEST_PAGE_CALLS.map((c) => `api/${c}`),
    titleKey: 'publicApi.testPage.title',
    component: lazyPage(() => import('./ApiTestPage').then((m) => ({ default: m.ApiTestPage }))),
  },
] satisfies readonly PageDefinition[];

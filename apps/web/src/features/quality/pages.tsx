import { lazyPage } from '../../lib/lazyWithPreload';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /quality (spec doc 1 §2 route table "Hay quality"; page title "quality", doc 1 §2 top bar). The
 * spec's side menu has no quality entry (doc 1 §2, doc 3 §2), so the page has none; storages link to it.
 */
export const qualityPages = [
  {
    paths: ['quality'],
    titleKey: 'quality.title',
    component: lazyPage(() => import('./QualityPage').then((m) => ({ default: m.QualityPage }))),
  },
] satisfies readonly PageDefinition[];

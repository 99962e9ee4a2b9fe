import { lazyPage } from '../../lib/lazyWithPreload';
import Agriculture from '@mui/icons-material/Agriculture';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /siteindex (spec doc 2 §2.7, doc 1 §2; issue 32 item 2, decision 0105): every watched farm's sites,
 * for masters and for accounts with the siteindex flag and several stations (the side menu's rule).
 */
export const siteIndexPages = [
  {
    paths: ['siteindex'],
    titleKey: 'siteIndex.page.title',
    menu: { entry: 'siteindex', path: '/siteindex', icon: <Agriculture /> },
    component: lazyPage(() => import('./SiteIndexPage').then((m) => ({ default: m.SiteIndexPage }))),
  },
] satisfies readonly PageDefinition[];

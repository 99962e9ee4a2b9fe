import { lazyPage } from '../../lib/lazyWithPreload';
// Not Translate: the shell's language entry has that icon, in the same menu.
import EditNote from '@mui/icons-material/EditNote';
import type { PageDefinition } from '../../lib/pageDefinition';

/**
 * /translations (spec doc 1 §2, doc 3 §2 and §6; decision 0106): the texts of the app for
 * translators (their languages) and the root admin (all of them), the side menu's translations entry.
 */
export const translationsPages = [
  {
    paths: ['translations'],
    titleKey: 'menu.entries.translations',
    menu: { entry: 'translations', path: '/translations', icon: <EditNote /> },
    component: lazyPage(() => import('./TranslationsPage').then((m) => ({ default: m.TranslationsPage }))),
  },
] satisfies readonly PageDefinition[];

import { lazyPage } from '../../lib/lazyWithPreload';
import SettingsIcon from '@mui/icons-material/Settings';
import type { PageDefinition } from '../../lib/pageDefinition';

/** Settings are visited now and then: loaded on demand. The menu leads to the first visible tab. */
export const settingsPages = [
  {
    paths: ['settings/:tab?'],
    titleKey: 'settings.title',
    menu: { entry: 'settings', path: '/settings', icon: <SettingsIcon /> },
    component: lazyPage(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage }))),
  },
] satisfies readonly PageDefinition[];

import { lazyPage } from '../../lib/lazyWithPreload';
import HelpOutline from '@mui/icons-material/HelpOutline';
import type { PageDefinition } from '../../lib/pageDefinition';

export const instructionsPages = [
  {
    paths: ['instructions'],
    titleKey: 'titles.instructions',
    menu: { entry: 'instructions', path: '/instructions', icon: <HelpOutline /> },
    component: lazyPage(() => import('./InstructionsPage').then((m) => ({ default: m.InstructionsPage }))),
  },
] satisfies readonly PageDefinition[];

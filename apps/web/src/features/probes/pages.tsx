import { lazyPage } from '../../lib/lazyWithPreload';
import Sensors from '@mui/icons-material/Sensors';
import type { PageDefinition } from '../../lib/pageDefinition';

/** The probe list, where most users land; the shell preloads it with itself (app/lazyShell.tsx). */
export const probesPages = [
  {
    paths: ['probes'],
    titleKey: 'titles.probes',
    menu: { entry: 'probes', path: '/probes', icon: <Sensors /> },
    component: lazyPage(() => import('./ProbesPage').then((m) => ({ default: m.ProbesPage }))),
  },
] satisfies readonly PageDefinition[];

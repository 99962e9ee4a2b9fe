import { lazyPage } from '../../lib/lazyWithPreload';
import AccountCircle from '@mui/icons-material/AccountCircle';
import type { PageDefinition } from '../../lib/pageDefinition';

/** The account area (spec doc 2 §2.8), loaded on demand; deeper paths (checkout, renewal) belong to it. */
export const accountPages = [
  {
    paths: ['account/*'],
    titleKey: 'account.title',
    menu: { entry: 'account', path: '/account', icon: <AccountCircle /> },
    component: lazyPage(() => import('./AccountPage').then((m) => ({ default: m.AccountPage }))),
  },
] satisfies readonly PageDefinition[];

import type { PageDefinition } from '../lib/pageDefinition';
import { WEB_FEATURES } from './features';

/**
 * Every page of the logged-in app, from the web feature list (app/features.ts). The shell derives
 * from it the routes (pageRoutes.tsx), the implemented menu entries and their targets
 * (implementedRoutes.ts, SideMenu.tsx) and the titles (pageTitleKey.ts).
 */
export const PAGES: readonly PageDefinition[] = WEB_FEATURES.flatMap((f) => f.pages ?? []);

import type { ReactNode } from 'react';
import type { MenuEntry } from '@emberwatch/shared/domain/roles';
import type { AdminTool, PageDefinition } from '../lib/pageDefinition';
import { PAGES } from './pages';

const pages: readonly PageDefinition[] = PAGES;

/** The menu entries that are actions of the shell itself, not pages: every build has them. */
const SHELL_ACTIONS: readonly MenuEntry[] = ['language', 'logout'];

/**
 * The side-menu entries this build has: the pages that declare a menu entry, and the shell's
 * actions. `visibleMenuEntries()` decides what a role may see; this list decides what is built, so
 * the menu and the "/" redirect pick up a page as soon as its feature declares it (app/pages.ts).
 */
export const IMPLEMENTED_ENTRIES: readonly MenuEntry[] = [
  ...pages.flatMap((p) => (p.menu ? [p.menu.entry] : [])),
  ...SHELL_ACTIONS,
];

/** Where each implemented page's menu entry leads, and its icon. */
export const ENTRY_PAGES: Partial<Record<MenuEntry, { path: string; icon: ReactNode }>> = Object.fromEntries(
  pages.flatMap((p) => (p.menu ? [[p.menu.entry, { path: p.menu.path, icon: p.menu.icon }]] : [])),
);

/** The admin pages, in the page list's order, as the admin console's home lists them. */
export const ADMIN_TOOLS: readonly AdminTool[] = pages.flatMap((p) =>
  p.adminTool
    ? [
        {
          path: p.adminTool.path,
          titleKey: p.titleKey,
          descriptionKey: p.adminTool.descriptionKey,
          ...(p.adminTool.operatorTool ? { operatorTool: p.adminTool.operatorTool } : {}),
        },
      ]
    : [],
);

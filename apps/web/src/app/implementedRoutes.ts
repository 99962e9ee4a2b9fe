import type { MenuEntry } from '@emberwatch/shared';

/**
 * The side-menu entries whose pages exist in this build. `visibleMenuEntries()` decides what a role
 * may see; this list decides what is built. A later issue that adds a page adds its entry here
 * (and its path below), and the menu and the "/" redirect pick it up.
 */
export const IMPLEMENTED_ENTRIES: readonly MenuEntry[] = [
  'probes',
  'settings',
  'instructions',
  'language',
  'logout',
];

/** Where each implemented page lives; language and logout are actions, not pages. */
export const ENTRY_PATHS: Partial<Record<MenuEntry, string>> = {
  probes: '/probes',
  settings: '/settings',
  instructions: '/instructions',
};

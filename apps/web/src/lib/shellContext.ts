import { useOutletContext } from 'react-router';
import type { MenuEntry, RoleContext } from '@emberwatch/shared/domain/roles';
import type { AdminTool } from './pageDefinition';

/**
 * What the logged-in shell hands its pages. It lives in lib/ (features never import the shell) and in
 * its own module, so that importing it never pulls the shell into the entry.
 */
export interface ShellContext {
  roleContext: RoleContext;
  /** The menu entries whose pages this build has (from the page registry), for links to other pages. */
  implementedEntries: readonly MenuEntry[];
  /** The admin pages this build has (from the page registry), for the admin console's home. */
  adminTools: readonly AdminTool[];
}

export function useShellContext(): ShellContext {
  return useOutletContext<ShellContext>();
}

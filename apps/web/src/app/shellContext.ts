import { useOutletContext } from 'react-router';
import type { RoleContext } from '@emberwatch/shared';

/** What the logged-in shell hands its pages. Its own module, so that importing it never pulls the shell into the entry. */
export interface ShellContext {
  roleContext: RoleContext;
}

export function useShellContext(): ShellContext {
  return useOutletContext<ShellContext>();
}

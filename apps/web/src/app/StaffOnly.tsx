import type { ReactNode } from 'react';
import { useShellContext } from '../lib/shellContext';
import { Redirect } from '../lib/Redirect';

/**
 * Around every page of the admin area (a page definition with `adminTool`): staff get the page, everyone
 * else goes to "/" (spec doc 1 §2, "/admin: admins only; others redirected to /") before the page is
 * loaded or asks the server for anything. The server refuses their calls all the same.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { roleContext } = useShellContext();
  return roleContext.admin ? children : <Redirect to="/" />;
}

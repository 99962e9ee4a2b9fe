import { rootRedirect } from '@emberwatch/shared/domain/roles';
import { IMPLEMENTED_ENTRIES } from './implementedRoutes';
import { useShellContext } from '../lib/shellContext';
import { Redirect } from '../lib/Redirect';

/** Spec doc 1 §2: "/" leads to batches, storages or probes depending on the role — among the pages this build has. */
export function RootRedirect() {
  const { roleContext } = useShellContext();
  return <Redirect to={rootRedirect(roleContext, IMPLEMENTED_ENTRIES)} />;
}

import { Navigate } from 'react-router';
import { rootRedirect } from '@emberwatch/shared/domain/roles';
import { IMPLEMENTED_ENTRIES } from './implementedRoutes';
import { useShellContext } from '../lib/shellContext';

/** Spec doc 1 §2: "/" leads to batches, storages or probes depending on the role — among the pages this build has. */
export function RootRedirect() {
  const { roleContext } = useShellContext();
  return <Navigate to={rootRedirect(roleContext, IMPLEMENTED_ENTRIES)} replace />;
}

import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import { useApiClient } from '../../lib/ApiClientContext';
import type { CallableEndpoint } from '../../lib/apiClient';
import { setActingFor } from '../base-stations';

/**
 * The staff member in a customer's session (loginAdmin, decision 0099): the session is the customer's
 * (admin false) and the spec's admin_username names the member. Null in every other session.
 */
export function actingStaffOf(session: SessionInfo | undefined): string | null {
  return session && !session.admin && session.admin_username ? session.admin_username : null;
}

// The end goes by the session cookies, like logout; the client sends them with every call, so it is
// called as a call without the bearer (the customer's token may be gone already).
const endCall = { ...endpoints.staff.endCustomerSession, auth: 'public' } as const satisfies CallableEndpoint;

/**
 * Opening and ending a customer's session. The server moves the session cookies; the client then
 * takes its token from the cookie (a refresh), and nothing of the previous session stays cached.
 */
export function useCustomerSession() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const switchTo = useCallback(
    async (to: string, change: () => Promise<boolean>) => {
      setBusy(true);
      setError(null);
      try {
        const stay = await change();
        setActingFor(null);
        if (!stay) {
          // No session to go back to: logged out (the client clears every query), to the login page.
          api.forget();
          return;
        }
        await api.refresh();
        void navigate(to);
        // Nothing the previous session read may show in this one: every query starts again.
        await queryClient.resetQueries();
      } catch (e) {
        setError(e);
      } finally {
        setBusy(false);
      }
    },
    [api, queryClient, navigate],
  );

  const open = useCallback(
    (uid: number) =>
      switchTo('/', async () => {
        await api.call(endpoints.staff.loginAdmin, { UID: uid });
        return true;
      }),
    [api, switchTo],
  );

  /** Back to the member's own console; to the login page when that session is gone. */
  const end = useCallback(
    () => switchTo('/admin', async () => (await api.call(endCall)).returned),
    [api, switchTo],
  );

  return { open, end, busy, error };
}

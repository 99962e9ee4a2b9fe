import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@emberwatch/shared/contracts/session';
import { useApiClient } from '../../lib/ApiClientContext';
import { isNetworkFailure } from '../../lib/ApiRequestError';

/** restoring: the refresh cookie is being exchanged on app start; nothing can be decided yet. */
export type AuthStatus = 'restoring' | 'anonymous' | 'authenticated';
/** Why the user landed on the login page, when it was not by choice. */
export type SessionNotice = 'network' | 'loadFailed' | null;

export interface SessionContextValue {
  status: AuthStatus;
  notice: SessionNotice;
  /** The user logged out on purpose: the login page then carries no redirect back. */
  loggedOut: boolean;
  login: (req: LoginRequest) => Promise<void>;
  logout: () => Promise<void>;
  /** Spec doc 1 §2: a failed initial load sends the user back to /login. */
  endSession: (notice: SessionNotice) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (api.hasToken() ? 'authenticated' : 'restoring'));
  const [notice, setNotice] = useState<SessionNotice>(null);
  const [loggedOut, setLoggedOut] = useState(false);

  useEffect(() => {
    const off = api.onAuthChange((token) => {
      setStatus(token ? 'authenticated' : 'anonymous');
      // Nothing of one user may be shown to the next one on this device.
      if (!token) queryClient.clear();
    });
    let cancelled = false;
    if (!api.hasToken()) {
      // On app start the access token is gone (it lives in memory only); the httpOnly refresh
      // cookie restores the session if there is one.
      api.refresh().then(
        (token) => {
          if (!cancelled) setStatus(token ? 'authenticated' : 'anonymous');
        },
        (e: unknown) => {
          if (cancelled) return;
          setNotice(isNetworkFailure(e) ? 'network' : null);
          setStatus('anonymous');
        },
      );
    }
    return () => {
      cancelled = true;
      off();
    };
  }, [api, queryClient]);

  const login = useCallback(
    async (req: LoginRequest) => {
      await api.login(req);
      setNotice(null);
      setLoggedOut(false);
    },
    [api],
  );

  const logout = useCallback(async () => {
    setNotice(null);
    setLoggedOut(true);
    await api.logout();
  }, [api]);

  const endSession = useCallback(
    (n: SessionNotice) => {
      setNotice(n);
      api.forget();
    },
    [api],
  );

  const value = useMemo(
    () => ({ status, notice, loggedOut, login, logout, endSession }),
    [status, notice, loggedOut, login, logout, endSession],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession needs a SessionProvider');
  return ctx;
}

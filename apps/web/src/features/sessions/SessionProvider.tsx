import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@emberwatch/shared/contracts/session';
import { useApiClient } from '../../lib/ApiClientContext';
import { isNetworkFailure } from '../../lib/ApiRequestError';
import { accountOfToken } from './accountOfToken';
import { rememberReader } from '../../lib/rememberReader';

/** restoring: the refresh cookie is being exchanged on app start; nothing can be decided yet. */
export type AuthStatus = 'restoring' | 'anonymous' | 'authenticated';
/** Why the user landed on the login page, when it was not by choice. */
export type SessionNotice = 'network' | 'loadFailed' | null;

export interface SessionContextValue {
  status: AuthStatus;
  notice: SessionNotice;
  /** The user logged out on purpose: the login page then carries no redirect back. */
  loggedOut: boolean;
  /**
   * The app started without a network and shows the last data this device saw (decision 0128): no
   * token yet; the session is taken up again, by itself, when the network returns.
   */
  offline: boolean;
  /**
   * The app started with a session and shows, while the fresh data loads, the kept copy of the same
   * account's last data (decision 0145): when that copy was written (epoch ms), else null. Data read
   * at or before it on screen is the device's copy.
   */
  deviceCopyAt: number | null;
  /**
   * The account the access token was issued for (its subject), known as soon as the token is: the
   * shell reads that account's user info beside its session info instead of after it (decision
   * 0146). Null without a token, or before a token this provider saw arrive.
   */
  account: number | null;
  login: (req: LoginRequest) => Promise<void>;
  logout: () => Promise<void>;
  /** Spec doc 1 §2: a failed initial load sends the user back to /login. */
  endSession: (notice: SessionNotice) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** While started offline, how often the session is tried again besides the browser's "online" event. */
export const OFFLINE_RETRY_MS = 20_000;

/** The kept copy of the last data seen (features/offline), given by the entry. */
export interface OfflineStart {
  /** Puts the kept copy into the query cache; true when it holds a session to open the shell with. */
  restore(): boolean;
  /**
   * Puts the kept copy into the query cache if it is `account`'s; returns when it was written, or null
   * (none, too old, or another account's).
   */
  restoreFor(account: number): number | null;
  /** Forgets the copy: the session ended. */
  clear(): void;
}

export function SessionProvider({
  children,
  offlineStart,
  onSessionOpened,
}: {
  children: ReactNode;
  offlineStart?: OfflineStart;
  /**
   * A session was opened — restored on app start with no copy of the account's data on this device,
   * or by a login: the first screen's reads are asked for at once (app/prefetchStart.ts, decision 0173).
   */
  onSessionOpened?: (account: number) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (api.hasToken() ? 'authenticated' : 'restoring'));
  const [notice, setNotice] = useState<SessionNotice>(null);
  const [loggedOut, setLoggedOut] = useState(false);
  const [offline, setOffline] = useState(false);
  const [deviceCopyAt, setDeviceCopyAt] = useState<number | null>(null);
  const [account, setAccount] = useState<number | null>(null);
  // Read by the auth listener: a session taken up again after an offline start reads everything afresh.
  const offlineRef = useRef(false);

  useEffect(() => {
    const off = api.onAuthChange((token) => {
      setStatus(token ? 'authenticated' : 'anonymous');
      setAccount(token ? accountOfToken(token.accessToken) : null);
      setOffline(false);
      if (token && offlineRef.current) void queryClient.invalidateQueries();
      offlineRef.current = false;
      // Nothing of one user may be shown to the next one on this device.
      if (!token) {
        setDeviceCopyAt(null);
        queryClient.clear();
        offlineStart?.clear();
      }
    });
    let cancelled = false;
    if (!api.hasToken()) {
      // On app start the access token is gone (it lives in memory only); the httpOnly refresh
      // cookie restores the session if there is one.
      api.refresh().then(
        (token) => {
          if (cancelled) return;
          // A session of the account whose data this device kept: that copy shows at once, marked,
          // and every query is read afresh behind it (decision 0145). Without a session nothing shows.
          const account = token ? accountOfToken(token.accessToken) : null;
          const copyAt = account === null ? null : (offlineStart?.restoreFor(account) ?? null);
          if (copyAt !== null) {
            setDeviceCopyAt(copyAt);
            void queryClient.invalidateQueries();
          } else if (account !== null) onSessionOpened?.(account);
          setStatus(token ? 'authenticated' : 'anonymous');
        },
        (e: unknown) => {
          if (cancelled) return;
          // No network: the last data this device saw, if it kept any, instead of the login page.
          if (isNetworkFailure(e) && offlineStart?.restore()) {
            offlineRef.current = true;
            setOffline(true);
            setStatus('authenticated');
            return;
          }
          setNotice(isNetworkFailure(e) ? 'network' : null);
          setStatus('anonymous');
        },
      );
    }
    return () => {
      cancelled = true;
      off();
    };
    // Only on mount: a new onSessionOpened later would not restore the session again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, queryClient, offlineStart]);

  // Started offline: the session is taken up again when the network returns (the browser says so, or
  // a later try gets through), and everything shown is read afresh — no reload.
  useEffect(() => {
    if (!offline) return;
    // A token: the auth listener opens the session and reads the data afresh. None: the session ended
    // and the login page shows. No network yet: the next try.
    const retry = () => void api.refresh().catch(() => undefined);
    window.addEventListener('online', retry);
    const timer = setInterval(retry, OFFLINE_RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [offline, api]);

  const login = useCallback(
    async (req: LoginRequest) => {
      const { UID } = await api.login(req);
      // The server may draw this user's next page (decision 0174): on this browser's clock and screen.
      rememberReader();
      setNotice(null);
      setLoggedOut(false);
      onSessionOpened?.(UID);
    },
    // The entry's callback, the same for the page's life (see the restore above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
    () => ({ status, notice, loggedOut, offline, deviceCopyAt, account, login, logout, endSession }),
    [status, notice, loggedOut, offline, deviceCopyAt, account, login, logout, endSession],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession needs a SessionProvider');
  return ctx;
}

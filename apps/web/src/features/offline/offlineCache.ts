import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * The last data this device saw, kept so that the installed app opens without a network (issue 35
 * item 2, decision 0128): the queries of the shell (the session, the user, the stations), the probe
 * list, the storages and the probe detail, written to localStorage as TanStack Query's dehydrated
 * state under the account they belong to. Restored when the app starts and cannot reach the server,
 * or when it starts with a session of the same account (shown while the fresh data loads, 0145); cleared when the session ends (logout, or the server no longer knows it), so nothing of
 * one account is shown to the next.
 */
export const OFFLINE_CACHE_KEY = 'emberwatch.offline.v1';

/** A copy older than this is not shown: a week-old temperature is no help in a barn. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 86_400_000;

/** Writes are gathered: a burst of answers (a page's load, a live update) is written once. */
export const OFFLINE_WRITE_DELAY_MS = 1_000;

/** The first element of the keys kept (lib/queryKeys.ts; probe-detail's own keys). */
export const OFFLINE_QUERY_ROOTS: ReadonlySet<string> = new Set([
  'session',
  'userInfo',
  'basestations',
  'bsConf',
  'data',
  'storages',
  'sites',
  'monitors',
  'liveProbeData',
  'probeDetail',
]);

interface Snapshot {
  account: number;
  savedAt: number;
  state: DehydratedState;
}

/** The store the copy is kept in (window.localStorage; a stand-in in the tests). */
export type OfflineStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const kept = (q: Query) =>
  q.state.status === 'success' && typeof q.queryKey[0] === 'string' && OFFLINE_QUERY_ROOTS.has(q.queryKey[0]);

/** The account of the cached session (its UID), if a session is cached. */
function accountOf(client: QueryClient): number | null {
  const session = client.getQueryData<{ UID?: unknown }>(['session']);
  return typeof session?.UID === 'number' ? session.UID : null;
}

export interface OfflineCache {
  /**
   * Puts the kept copy into the query cache; returns its account, or null when there is none (or it is
   * too old or unreadable, and then it is removed).
   */
  restore(client: QueryClient): number | null;
  /**
   * Puts the kept copy into the query cache only if it is `account`'s (decision 0145); returns when it
   * was written (epoch ms), or null when there is none for that account. A copy of another account is
   * removed: nothing of one account is shown to the next.
   */
  restoreFor(client: QueryClient, account: number): number | null;
  /** Keeps the query cache's kept queries from now on; returns the function that stops it. */
  persistFrom(client: QueryClient): () => void;
  /** Forgets the copy (the session ended). */
  clear(): void;
}

export function createOfflineCache(storage: OfflineStorage, now: () => number = Date.now): OfflineCache {
  let cleared = false;
  function read(): Snapshot | null {
    try {
      const raw = storage.getItem(OFFLINE_CACHE_KEY);
      if (!raw) return null;
      const s = JSON.parse(raw) as Partial<Snapshot>;
      if (
        typeof s.account === 'number' &&
        typeof s.savedAt === 'number' &&
        s.state &&
        now() - s.savedAt <= OFFLINE_CACHE_MAX_AGE_MS
      )
        return s as Snapshot;
    } catch {
      // Unreadable: as if there were none.
    }
    storage.removeItem(OFFLINE_CACHE_KEY);
    return null;
  }

  function write(client: QueryClient): void {
    const account = accountOf(client);
    if (account === null) return;
    const snapshot: Snapshot = {
      account,
      savedAt: now(),
      state: dehydrate(client, { shouldDehydrateQuery: kept }),
    };
    try {
      storage.setItem(OFFLINE_CACHE_KEY, JSON.stringify(snapshot));
    } catch {
      // Full (or storage refused): better no copy than half of one.
      storage.removeItem(OFFLINE_CACHE_KEY);
    }
  }

  return {
    restore(client) {
      const s = read();
      if (!s) return null;
      hydrate(client, s.state);
      // The copy must hold its account's session: one without it cannot open the shell.
      if (accountOf(client) === s.account) return s.account;
      client.clear();
      return null;
    },
    restoreFor(client, account) {
      const s = read();
      if (!s) return null;
      if (s.account !== account) {
        storage.removeItem(OFFLINE_CACHE_KEY);
        return null;
      }
      hydrate(client, s.state);
      if (accountOf(client) === account) return s.savedAt;
      client.clear();
      return null;
    },
    persistFrom(client) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const flush = () => {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        if (!cleared) write(client);
      };
      const off = client.getQueryCache().subscribe((event) => {
        // Only answers change what is kept; observers coming and going do not.
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        cleared = false;
        timer ??= setTimeout(flush, OFFLINE_WRITE_DELAY_MS);
      });
      // A phone may end the page at any time once it is hidden: write what is pending.
      const onHidden = () => {
        if (document.visibilityState === 'hidden' && timer !== undefined) flush();
      };
      document.addEventListener('visibilitychange', onHidden);
      return () => {
        off();
        document.removeEventListener('visibilitychange', onHidden);
        if (timer !== undefined) clearTimeout(timer);
      };
    },
    clear() {
      cleared = true;
      storage.removeItem(OFFLINE_CACHE_KEY);
    },
  };
}

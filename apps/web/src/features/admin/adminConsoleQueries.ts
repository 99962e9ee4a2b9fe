import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FindSystemBy, FindSystemResponse } from '@emberwatch/shared/contracts/adminConsole';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SystemFamily } from '@emberwatch/shared/domain/adminConsole';
import { useApiClient } from '../../lib/ApiClientContext';

/** Matches a page of the picker asks for; "More" asks for the next. */
export const PICKER_PAGE = 10;

const consoleKey = ['adminConsole'] as const;

/** The admin bar's facts: the server's environment and the caller's staff level. */
export function useConsoleInfo(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...consoleKey, 'info'],
    queryFn: () => api.call(endpoints.adminConsole.consoleInfo),
    staleTime: Infinity,
    enabled,
  });
}

/** The picker's search (GET findSystem), a page at a time; waits while there is nothing to look for. */
export function useFindSystem(search: { q: string; by: FindSystemBy; family: SystemFamily }) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: [...consoleKey, 'find', search.q, search.by, search.family],
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<FindSystemResponse> =>
      api.call(endpoints.adminConsole.findSystem, {
        q: search.q,
        by: search.by,
        family: search.family,
        limit: PICKER_PAGE,
        offset: pageParam,
      }),
    getNextPageParam: (last, pages) => (last.more ? pages.length * PICKER_PAGE : undefined),
    enabled: search.q !== '',
  });
}

/**
 * The owner of a station (findSystem by its exact id), for the banner of a station the admin opened
 * without picking a customer: whose data the page shows.
 */
export function useStationOwner(bsId: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...consoleKey, 'owner', bsId],
    queryFn: async () => {
      const r = await api.call(endpoints.adminConsole.findSystem, { q: bsId!, by: 'station', limit: 1 });
      const m = r.results[0];
      return m && m.bs_id === bsId && m.matched.key === 'stationId' ? m.owner : null;
    },
    enabled: bsId !== undefined,
    staleTime: 60_000,
  });
}

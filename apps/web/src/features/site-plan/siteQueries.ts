import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Site, SiteInput } from '@emberwatch/shared/contracts/sites';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The site-plan feature's server resource as TanStack queries, declared once: the storage list (its
 * 'Site not specified' texts) and the site plan share one cache entry per account, which holds a
 * plan for each of the account's base stations (GET getSite without BS_ID).
 */
export function sitesQuery(api: ApiClient, uid: number) {
  return queryOptions({
    queryKey: queryKeys.sites(uid),
    queryFn: async () => (await api.call(endpoints.sites.getSite, { UID: uid })).results,
  });
}

/** The site plans of an account; waits while the account is unknown or `enabled` is false. */
export function useSites(uid: number | undefined, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...sitesQuery(api, uid ?? 0), enabled: enabled && uid !== undefined });
}

/** What saveSite takes: the plan without the fields the server keeps. */
export function siteInputOf(site: SiteInput): SiteInput {
  const { BS_ID, columns, rows, showColors, labels, siteStorages } = site;
  return { BS_ID, columns, rows, showColors, labels, siteStorages };
}

/** Replaces one station's plan of the account; the answer (completed by the server) goes into the cache. */
export function useSaveSite(uid: number | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (site: SiteInput): Promise<Site> =>
      (await api.call(endpoints.sites.saveSite, { UID: uid, site: siteInputOf(site) })).site,
    onSuccess: (saved) => {
      if (uid === undefined) return;
      queryClient.setQueryData<Site[]>(queryKeys.sites(uid), (old) =>
        old ? old.map((s) => (s.BS_ID === saved.BS_ID ? saved : s)) : [saved],
      );
    },
  });
}

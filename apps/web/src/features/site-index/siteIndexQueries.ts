import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SiteName } from '@emberwatch/shared/contracts/sites';
import { SITE_INDEX_REFRESH_MS } from '@emberwatch/shared/domain/siteIndex';
import { useApiClient } from '../../lib/ApiClientContext';

/** The site index and the caller's site names as TanStack queries (decision 0105). */
const siteIndexKey = ['siteIndex'] as const;
const siteNamesKey = [...siteIndexKey, 'names'] as const;

/** GET getMultisiteData, read again every 120 s (spec doc 2 §9 "Multisite data refresh 120 s"). */
export function useMultisiteData(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    enabled,
    queryKey: [...siteIndexKey, 'data'],
    queryFn: () => api.call(endpoints.siteIndex.getMultisiteData),
    refetchInterval: SITE_INDEX_REFRESH_MS,
  });
}

/**
 * Names one site, or takes its name away (an empty name): saveSiteNames replaces the caller's whole
 * list, so the list is read first (getSiteNames) and sent back with the one change. The index and
 * the names are read again afterwards, saved or refused.
 */
export function useRenameSite() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { siteUID: number; BS_ID: string; name: string }) => {
      const current = (
        await client.fetchQuery({
          queryKey: siteNamesKey,
          queryFn: async () => (await api.call(endpoints.sites.getSiteNames)).results,
          staleTime: 0,
        })
      ).filter((n) => !(n.siteUID === v.siteUID && n.BS_ID === v.BS_ID));
      const name = v.name.trim();
      const siteNames: SiteName[] = name === '' ? current : [...current, { ...v, name }];
      await api.call(endpoints.sites.saveSiteNames, { siteNames });
    },
    onSettled: () => client.invalidateQueries({ queryKey: siteIndexKey }),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AudienceInput,
  BroadcastUsersQuery,
  SaveNewsCampaignsRequest,
  SendBroadcastRequest,
} from '@emberwatch/shared/contracts/broadcasts';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';

/** Broadcasts and news campaigns as TanStack queries (admins only; decision 0100). */
const broadcastsKey = ['broadcasts'] as const;
const campaignsKey = ['newsCampaigns'] as const;
/** How often a broadcast still being sent is read again (its recipients' statuses move). */
export const SENDING_REFRESH_MS = 2_000;

/** An audience as getBroadcastUsers' query string: comma lists, empty ones left out. */
export function audienceQuery(a: AudienceInput): BroadcastUsersQuery {
  const q: BroadcastUsersQuery = {};
  for (const key of ['planLevels', 'segments', 'countries', 'languages', 'partnerApps'] as const) {
    const v = a[key];
    if (v && v.length > 0) q[key] = v.join(',');
  }
  if (a.contact) q.contact = a.contact;
  return q;
}

export function useBroadcastUsers(audience: AudienceInput) {
  const api = useApiClient();
  const q = audienceQuery(audience);
  return useQuery({
    queryKey: [...broadcastsKey, 'users', q],
    queryFn: () => api.call(endpoints.broadcasts.getBroadcastUsers, { ...q, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

/** The past broadcasts; with an id, that one's recipients, read again while any is still queued. */
export function useBroadcasts(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...broadcastsKey, 'list', id],
    queryFn: () => api.call(endpoints.broadcasts.getBroadcasts, id === null ? {} : { id }),
    refetchInterval: (query) => {
      const data = query.state.data;
      const sending = data?.broadcasts.some((b) => (b.counts.queued ?? 0) > 0);
      return sending ? SENDING_REFRESH_MS : false;
    },
  });
}

/** A dry run (preview) or the real send; a send reads the past broadcasts again. */
export function useSendBroadcast() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBroadcastRequest) => api.call(endpoints.broadcasts.sendBroadcastMessage, body),
    onSuccess: (_r, body) => {
      if (!body.dryRun) void client.invalidateQueries({ queryKey: broadcastsKey });
    },
  });
}

export function useNewsCampaigns() {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignsKey,
    queryFn: async () => (await api.call(endpoints.broadcasts.getNewsCampaigns)).campaigns,
  });
}

export function useSaveNewsCampaigns() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveNewsCampaignsRequest) => api.call(endpoints.broadcasts.saveNewsCampaigns, body),
    onSuccess: (r) => client.setQueryData(campaignsKey, r.campaigns),
  });
}

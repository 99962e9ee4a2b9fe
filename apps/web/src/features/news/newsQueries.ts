import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared';
import { useApiClient } from '../../lib/ApiClientContext';

export const newsKey = ['news'] as const;

/** The product news in the user's language (spec doc 1 §3 news, popupNews, newsEmail, newsSeenDate). */
export function useNews(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: newsKey,
    queryFn: () => api.call(endpoints.notifications.getNews),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** Spec doc 1 §7: newsSeenDate, sent when the news dialog closes (never for admins). */
export function useMarkNewsSeen() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newsSeenDate: number) => api.call(endpoints.notifications.newsSeen, { newsSeenDate }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKey }),
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryOf } from '@emberwatch/shared/contracts/endpoint';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import type { QualityPeriodChoice } from './qualityPeriodChoice';

type QualityQuery = QueryOf<typeof endpoints.quality.getQuality>;

/** How often a view of a period that reaches now asks again. */
const REFRESH_MS = 60_000;

/** The query a period choice sends: the unset marker, a start (ongoing) or a start and an end (set). */
export function qualityQueryOf(itemID: number, choice: QualityPeriodChoice): QualityQuery {
  if (choice.state === 'unset') return { itemID, unset: '1' };
  if (choice.state === 'ongoing') return { itemID, from: choice.from };
  return { itemID, from: choice.from, to: choice.to };
}

/** A period choice as part of a query key: each period its own cache entry. */
function periodKey(choice: QualityPeriodChoice): string {
  return choice.state === 'unset'
    ? 'unset'
    : choice.state === 'ongoing'
      ? `from-${choice.from}`
      : `${choice.from}-${choice.to}`;
}

/** Hay quality of one storage's probes over a period (GET getQuality). */
export function storageQualityQuery(api: ApiClient, itemID: number, choice: QualityPeriodChoice) {
  return queryOptions({
    queryKey: queryKeys.quality(itemID, periodKey(choice)),
    queryFn: async () =>
      (await api.call(endpoints.quality.getQuality, qualityQueryOf(itemID, choice))).result,
  });
}

/**
 * A storage's quality for the chosen period. A new period starts from nothing (spec doc 3 §4
 * "Changing the period clears the quality data and reloads it"): no previous data is kept on show.
 */
export function useStorageQuality(itemID: number, choice: QualityPeriodChoice) {
  const api = useApiClient();
  // A period that reaches now moves on as the roll-up folds new readings in (every 30 s on the server).
  return useQuery({
    ...storageQualityQuery(api, itemID, choice),
    refetchInterval: choice.state === 'set' ? false : REFRESH_MS,
  });
}

/** Every storage with hay probes of the account, over each one's saved period (GET getQualityOverview). */
export function useQualityOverview(uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.qualityOverview(uid ?? 0),
    queryFn: async () => (await api.call(endpoints.quality.getQualityOverview, { UID: uid })).results,
    enabled: uid !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import {
  VERIFICATION_REPORT_PDF_PATH,
  type StartVerificationRequest,
} from '@emberwatch/shared/contracts/verification';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';

export const verificationKeys = {
  list: (sensorId: string) => ['verification', sensorId] as const,
  data: (itemID: number) => ['verification', 'data', itemID] as const,
};

export function useVerifications(sensorId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: verificationKeys.list(sensorId),
    queryFn: async () =>
      (await api.call(endpoints.verification.getVerifications, { probeID: sensorId })).results,
  });
}

/** Spec doc 2 §8 "Verification data load failure returns nothing": no data then, not an error. */
export function useVerifixData(itemID: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: verificationKeys.data(itemID ?? 0),
    queryFn: async () => {
      try {
        return await api.call(endpoints.verification.verifixData, { verificationID: itemID ?? 0 });
      } catch (e) {
        console.error('Loading the verification data failed', e);
        return null;
      }
    },
    enabled: itemID !== null,
  });
}

/** Start, stop and delete; each reloads the probe's list (decision 0113 says what the user sees). */
export function useVerificationActions(sensorId: string) {
  const api = useApiClient();
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: verificationKeys.list(sensorId) });
  return {
    start: useMutation({
      mutationFn: (req: StartVerificationRequest) => api.call(endpoints.verification.startVerification, req),
      onSettled: reload,
    }),
    stop: useMutation({
      mutationFn: (itemID: number) => api.call(endpoints.verification.stopVerification, { itemID }),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (itemID: number) => api.call(endpoints.verification.deleteVerification, { itemID }),
      onSettled: reload,
    }),
  };
}

/** The signed report (not a JSON call): fetched with the session's token, handed over as a blob. */
export async function fetchVerificationReport(api: ApiClient, itemID: number, lang: string): Promise<Blob> {
  const token = await api.freshToken();
  if (!token) throw new Error('Not logged in');
  const params = new URLSearchParams({ itemID: String(itemID), lang });
  const res = await globalThis.fetch(`${VERIFICATION_REPORT_PDF_PATH}?${params.toString()}`, {
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { saveBlob } from '../../lib/saveBlob';

const upgradeInfoKey = (uid: number) => ['upgradeInfo', uid] as const;

/** What the account may renew or upgrade now, at which prices (GET getUpgradeInfo). */
export function useUpgradeInfo(uid: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: upgradeInfoKey(uid),
    queryFn: () => api.call(endpoints.payments.getUpgradeInfo, { UID: uid }),
    // A refusal (a sub-user, a master) is an answer: renewal is not theirs.
    retry: false,
  });
}

/**
 * Spec doc 2 §4 "success (user info and base station config reloaded)": everything that shows an
 * expiry is read again; rejects when a reload fails (the spec's "please refresh the page").
 */
export function useReloadAfterPayment() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: ['bsConf'] }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: ['upgradeInfo'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
  };
}

/** Downloads an invoice of the account as its PDF. */
export function useInvoiceDownload(uid: number) {
  const api = useApiClient();
  return async (invoiceId: number) => {
    const r = await api.call(endpoints.payments.invoicePdf, { invoice_id: invoiceId, UID: uid });
    const bytes = Uint8Array.from(atob(r.pdfBase64), (c) => c.charCodeAt(0));
    saveBlob(new Blob([bytes], { type: 'application/pdf' }), r.fileName);
  };
}

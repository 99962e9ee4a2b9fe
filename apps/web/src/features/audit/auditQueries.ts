import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogQuery } from '@emberwatch/shared/contracts/audit';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';

/** The page's question: filters, sort and page, all answered by the server. */
export type AuditQuery = Partial<AuditLogQuery>;

const auditKey = (q: AuditQuery) => ['auditLog', q] as const;

/** One page of the audit trail (GET /admin/auditLog); the previous page stays shown while the next loads. */
export function useAuditLog(q: AuditQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: auditKey(q),
    queryFn: () => api.call(endpoints.audit.getAuditLog, q),
    placeholderData: keepPreviousData,
  });
}

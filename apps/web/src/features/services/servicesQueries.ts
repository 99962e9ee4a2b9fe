import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type {
  GetServicesQuery,
  RegisterServiceRequest,
  SaveExtraServicesRequest,
} from '@emberwatch/shared/contracts/services';
import { useApiClient } from '../../lib/ApiClientContext';

/** Registered services as TanStack queries (staff only; decision 0103). */
const servicesKey = ['services'] as const;

/** `enabled` false: no request (a caller whose level may not read them). */
export function useServices(q: GetServicesQuery, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...servicesKey, q.UID ?? '', q.kind ?? '', q.state ?? '', q.expiring ?? ''],
    queryFn: () => api.call(endpoints.services.getServices, q),
    enabled,
  });
}

/** A registration changes the account: its services, its user info and its account page read again. */
export function useRegisterService() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (r: RegisterServiceRequest) => api.call(endpoints.services.registerService, r),
    onSettled: () => client.invalidateQueries(),
  });
}

/** The owner's order of extra services (saveExtraServices, decision 0108): nothing changes until staff register it. */
export function useOrderExtraServices() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (r: SaveExtraServicesRequest) => api.call(endpoints.services.saveExtraServices, r),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerListQuery,
  RegisterUserRequest,
  SetUserLocationRequest,
} from '@emberwatch/shared/contracts/customers';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { QueryOf } from '@emberwatch/shared/contracts/endpoint';
import { useApiClient } from '../../lib/ApiClientContext';

/** The customers as TanStack queries (staff only; decision 0098). */
const customersKey = ['customers'] as const;

export type CustomerListKind = 'all' | 'masters' | 'migrated';

const LIST_ENDPOINTS = {
  all: endpoints.customers.getusers,
  masters: endpoints.customers.getMasterUsers,
  migrated: endpoints.customers.getMigratedUsers,
} as const;

export type CustomerListParams = Partial<CustomerListQuery>;

/** The query string of a list: only what is set. */
function queryOf(p: CustomerListParams): QueryOf<typeof endpoints.customers.getusers> {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''));
}

/** A page of a list; the previous page stays shown while the next loads. */
export function useCustomerList(kind: CustomerListKind, p: CustomerListParams) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...customersKey, 'list', kind, p],
    queryFn: () => api.call(LIST_ENDPOINTS[kind], queryOf(p)),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerLocations(p: Pick<CustomerListParams, 'hayApp' | 'plan' | 'country'>) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...customersKey, 'locations', p],
    queryFn: () => api.call(endpoints.customers.getuserLocations, queryOf(p)),
  });
}

export function useCustomer(uid: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...customersKey, 'detail', uid],
    queryFn: async () => (await api.call(endpoints.customers.getCustomer, { UID: uid })).customer,
  });
}

/** Every change reads the customers again: the lists, the map and the detail. */
function useCustomerMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: customersKey }),
  });
}

export function useRegisterCustomer() {
  const api = useApiClient();
  return useCustomerMutation((v: RegisterUserRequest) => api.call(endpoints.customers.registerUser, v));
}

export function useSetLocation() {
  const api = useApiClient();
  return useCustomerMutation((v: SetUserLocationRequest) => api.call(endpoints.customers.setUserLocation, v));
}

/** The plan's expiry and the API plan's due date (the payments feature's setPlanInfo). */
export function useSetPlanInfo() {
  const api = useApiClient();
  return useCustomerMutation((v: { UID: number; dueDate?: number | null; apiPlanDue?: number | null }) =>
    api.call(endpoints.payments.setPlanInfo, v),
  );
}

export type InsightAction =
  | { kind: 'start'; UID: number }
  | { kind: 'trial'; UID: number; trialDays: number }
  | { kind: 'hold'; UID: number }
  | { kind: 'remove'; UID: number };

/** The Insight service's staff calls (the insight feature's): start it, a trial, hold, remove. */
export function useInsightAction() {
  const api = useApiClient();
  return useCustomerMutation((a: InsightAction) => {
    switch (a.kind) {
      case 'start':
        return api.call(endpoints.insight.insightMigration, { UID: a.UID, termsAccepted: true });
      case 'trial':
        return api.call(endpoints.insight.insightFreemiumTrial, { UID: a.UID, trialDays: a.trialDays });
      case 'hold':
        return api.call(endpoints.insight.insightHold, { UID: a.UID });
      case 'remove':
        return api.call(endpoints.insight.setInsight, { UID: a.UID, service: null });
    }
  });
}

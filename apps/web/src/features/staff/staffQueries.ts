import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { AddAdminUser, SetAdminUserGroup } from '@emberwatch/shared/contracts/staff';
import { useApiClient } from '../../lib/ApiClientContext';

/** The staff as TanStack queries (decision 0099). */
const staffKey = ['staff'] as const;

export function useStaffList() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...staffKey, 'list'],
    queryFn: async () => (await api.call(endpoints.staff.adminUsers)).users,
  });
}

/** Every change reads the list again, refused or not: another member may have changed it meanwhile. */
function useStaffMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useSetStaffLevel() {
  const api = useApiClient();
  return useStaffMutation((v: SetAdminUserGroup) => api.call(endpoints.staff.setAdminUserGroup, v));
}

export function useAddStaff() {
  const api = useApiClient();
  return useStaffMutation((v: AddAdminUser) => api.call(endpoints.staff.addAdminUser, v));
}

export function useRemoveStaff() {
  const api = useApiClient();
  return useStaffMutation((uid: number) => api.call(endpoints.staff.removeAdminUser, { UID: uid }));
}

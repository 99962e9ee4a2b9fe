import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { GariAccountInput } from '@emberwatch/shared/contracts/gariMigration';
import { useApiClient } from '../../lib/ApiClientContext';

/** The Gari migration as TanStack queries (decision 0102). */
const gariKey = ['gariMigration'] as const;

/** Every account moved in, with its state (GET getGariMigrations; staff only). */
export function useGariMigrations() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...gariKey, 'list'],
    queryFn: async () => (await api.call(endpoints.gariMigration.getGariMigrations)).results,
  });
}

/** The account's own state: the top bar's "account migrated" badge. */
export function useGariMigrationState(uid: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...gariKey, 'state', uid ?? 0],
    queryFn: () => api.call(endpoints.gariMigration.gariMigrationState, { UID: uid }),
    enabled: uid !== undefined,
    // A badge: a failed read shows none rather than an error.
    retry: false,
  });
}

export function useCheckGariMigration() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (accounts: GariAccountInput[]) =>
      api.call(endpoints.gariMigration.checkGariMigration, { accounts }),
  });
}

/** A change reads the migrations again (the list and the badge). */
function useGariMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: gariKey }),
  });
}

export function useMigrateGariUser() {
  const api = useApiClient();
  return useGariMutation((account: GariAccountInput) =>
    api.call(endpoints.gariMigration.migrateGariUser, { account }),
  );
}

export function useConfirmGariMobile() {
  const api = useApiClient();
  return useGariMutation((v: { gari_id: string; code?: string }) =>
    api.call(endpoints.gariMigration.confirmGariMobile, v),
  );
}

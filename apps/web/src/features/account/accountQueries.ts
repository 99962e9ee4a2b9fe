import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountInfo,
  ChangePasswordRequest,
  SubUserInput,
  UpdateUserProfileRequest,
} from '@emberwatch/shared/contracts/account';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { useSelectedStation } from '../base-stations';
import { useSessionInfo } from '../sessions';

/**
 * The account feature's server resource as TanStack queries. The account shown is the caller's own;
 * an admin sees the selected station's owner, the customer it is acting for. Its keys live here: no
 * other feature reads them (it invalidates the shell's user info after a change).
 */
const accountKey = (uid: number) => ['account', uid] as const;

export function useAccountUid(): number | undefined {
  const session = useSessionInfo().data;
  const owner = useSelectedStation().selected?.owner_UID;
  if (!session) return undefined;
  return session.admin && owner !== undefined ? owner : session.UID;
}

export function useAccountInfo() {
  const api = useApiClient();
  const uid = useAccountUid();
  return useQuery({
    queryKey: accountKey(uid ?? 0),
    queryFn: async () => (await api.call(endpoints.account.accountInfo, { UID: uid })).account,
    enabled: uid !== undefined,
  });
}

/** Reloads the account view and the shell's user info (names and phones show there too). */
function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['account'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allUserInfo }),
    ]);
}

export function useUpdateProfile(account: AccountInfo) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const reload = useReload();
  return useMutation({
    mutationFn: async (change: Omit<UpdateUserProfileRequest, 'UID'>) =>
      (await api.call(endpoints.account.updateUserProfile, { UID: account.U_ID, ...change })).account,
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountKey(account.U_ID), saved);
      await reload();
    },
  });
}

export function useSaveSubUser(account: AccountInfo) {
  const api = useApiClient();
  const reload = useReload();
  return useMutation({
    mutationFn: async ({ id, user }: { id: number | null; user: SubUserInput }) =>
      id === null
        ? (await api.call(endpoints.account.addNewUser, { UID: account.U_ID, new_user: user })).subUser
        : (await api.call(endpoints.account.updateSubUser, { UID: account.U_ID, subUserID: id, user }))
            .subUser,
    onSuccess: reload,
  });
}

export function useDeleteSubUser(account: AccountInfo) {
  const api = useApiClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (subUserID: number) =>
      api.call(endpoints.account.deleteSubUser, { mainUserID: account.U_ID, subUserID }),
    onSuccess: reload,
  });
}

export function useCheckUsername(account: AccountInfo) {
  const api = useApiClient();
  return (username: string) => api.call(endpoints.account.checkUsername, { UID: account.U_ID, username });
}

export function useChangePassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.call(endpoints.account.changeUserPassword, body),
  });
}

export function useSendPhoneCode(account: AccountInfo) {
  const api = useApiClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (newPhone: string) =>
      api.call(endpoints.account.changeUserPhone, {
        UID: account.U_ID,
        oldPhone: account.phone,
        newPhone,
      }),
    onSuccess: reload,
  });
}

export function useConfirmPhone(account: AccountInfo) {
  const api = useApiClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (code: string) => api.call(endpoints.account.confirmMobile, { UID: account.U_ID, code }),
    onSettled: reload,
  });
}

import { useSessionInfo } from '../sessions';
import { useUserInfo } from '../users';

/** Whether the user is in the spec's demo mode (doc 2 §6: no server changes for non-admins). */
export function useDemoMode(): boolean {
  return useUserInfo(useSessionInfo().data?.UID).data?.demo ?? false;
}

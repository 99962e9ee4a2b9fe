import { payRefusal, type PayRefusal } from '@emberwatch/shared/domain/payments/payRefusal';
import { useShellContext } from '../../lib/shellContext';

/**
 * Why the logged-in user may not pay for the account it is looking at, or null when it may — the
 * server's rule (payments.policy). The web app shows an account to its owner, its sub-users, the
 * masters it authorised and staff, so the viewer's own role decides: staff pay for any account, a
 * sub-user or a master for none. Asked before the offer is, so that they are told why, not refused.
 */
export function usePayRefusal(): PayRefusal | null {
  const { roleContext: r } = useShellContext();
  return payRefusal(
    { staff: r.admin, subUser: r.subUser, master: r.master, grandMaster: r.grandMaster },
    false,
  );
}

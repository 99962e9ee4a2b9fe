import type { UserInfo } from '@emberwatch/shared/contracts/users';
import type { RoleContext } from '@emberwatch/shared/domain/roles';

export type MasterRequest = UserInfo['masterAuthorizations'][number];

/** The requests still waiting for the owner's answer. */
export function pendingMasterRequests(user: Pick<UserInfo, 'masterAuthorizations'>): MasterRequest[] {
  return user.masterAuthorizations.filter((m) => !m.authorized);
}

/**
 * Spec doc 1 §4 "Auto dialogs": the authorization dialog's own reason to open by itself — a non-admin,
 * non-master user with pending authorizations. "Unless closed before" is the rule of every window
 * that opens by itself (lib/autoOpenDecision.ts, decision 0077).
 */
export function masterRequestsAutoOpen(
  ctx: Pick<RoleContext, 'admin' | 'master'>,
  pendingCount: number,
): boolean {
  return !ctx.admin && !ctx.master && pendingCount > 0;
}

import type { RoleContext, UserInfo } from '@emberwatch/shared';

export type MasterRequest = UserInfo['masterAuthorizations'][number];

/** The requests still waiting for the owner's answer. */
export function pendingMasterRequests(user: Pick<UserInfo, 'masterAuthorizations'>): MasterRequest[] {
  return user.masterAuthorizations.filter((m) => !m.authorized);
}

/**
 * Spec doc 1 §4 "Auto dialogs": the authorization dialog opens by itself for non-admin, non-master
 * users with pending authorizations, unless it was closed before.
 */
export function masterRequestsAutoOpen(
  ctx: Pick<RoleContext, 'admin' | 'master'>,
  pendingCount: number,
  closedBefore: boolean,
): boolean {
  return !ctx.admin && !ctx.master && pendingCount > 0 && !closedBefore;
}

import type { SessionInfo } from '../contracts/session.js';
import type { UserInfo } from '../contracts/users.js';
import type { RoleContext } from './roles.js';

/**
 * The RoleContext of a logged-in user, from the session (role flags) and the user info (plans,
 * service, station list). The user info may still be loading; until then the context is the
 * narrowest one (no plans, no service), so the menu never shows an entry the user may not have.
 */
export function roleContextOf(
  session: Pick<
    SessionInfo,
    'admin' | 'admin_group' | 'master' | 'grandMaster' | 'subUser' | 'translator' | 'partnerApp' | 'bs_ids'
  >,
  user: Pick<
    UserInfo,
    'translator' | 'siteindex' | 'storagesEnabled' | 'bs_list' | 'plans' | 'service'
  > | null,
): RoleContext {
  return {
    admin: session.admin,
    adminGroup: session.admin_group,
    master: session.master,
    grandMaster: session.grandMaster,
    subUser: session.subUser,
    translator: session.translator || (user?.translator ?? false),
    partnerApp: session.partnerApp ?? null,
    siteindex: user?.siteindex ?? false,
    storagesEnabled: user?.storagesEnabled ?? false,
    bsCount: user ? user.bs_list.length : session.bs_ids.length,
    plans: user?.plans ?? [],
    service: user?.service ?? null,
  };
}

import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Whose news is marked seen (spec doc 1 §6, §7 "newsSeenDate sent when the news dialog closes,
 * non-admin only"): not staff's, and masters have none. Pure; its table is
 * apps/server/test/policies/notifications.policy.test.ts.
 */
export function mayMarkNewsSeen(who: Who): Verdict {
  if (who.staff !== null) return refuse('News is not marked seen for admins.');
  if (who.master) return refuse('Master users have no news.');
  return true;
}

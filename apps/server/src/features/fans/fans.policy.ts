import { mayChangeFans, type FanChange } from '@emberwatch/shared/domain/fans/fanRights';
import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who switches and assigns the fans of an account it sees (decision 0037): the shared rule
 * `mayChangeFans` (packages/shared/src/domain/fans/fanRights.ts, which the web runs too), with the
 * words of each refusal. Pure; its table is apps/server/test/policies/fans.policy.test.ts.
 */
const REFUSALS: Record<FanChange, string> = {
  driveFan: 'You may look at these fans but not switch them.',
  assignFan: 'Only the account owner can assign fan controllers.',
};

export function mayChangeFan(who: Who, change: FanChange): Verdict {
  const rights = {
    admin: who.staff !== null,
    master: who.master,
    grandMaster: who.grandMaster,
    subUser: who.subUser,
  };
  return mayChangeFans(rights, change) ? true : refuse(REFUSALS[change]);
}

import type { Service } from '@emberwatch/shared/contracts/users';
import { mayViewHayQuality } from '@emberwatch/shared/domain/storageLayout/layoutViewModes';
import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Who sees the hay quality of an account's storages (spec doc 3 §6): whoever may see the account,
 * when it has a valid paid or trial service (the shared `mayViewHayQuality`, which the web runs too);
 * staff always. The service finds the account and its service first. Pure; its table is
 * apps/server/test/policies/quality.policy.test.ts.
 */
export function mayViewQuality(
  who: Who,
  account: { service: Pick<Service, 'trial' | 'expDate'> | null },
  nowS: number,
): Verdict {
  return mayViewHayQuality({ admin: who.staff !== null, service: account.service, nowS })
    ? true
    : refuse('Hay quality needs a valid paid or trial service.');
}

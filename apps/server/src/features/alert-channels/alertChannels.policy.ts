import type { AlertChannelRights } from '@emberwatch/shared/contracts/alertChannels';
import type { Who } from '../../http/access/index.js';
import type { SentinelRights } from '../sentinel/index.js';
import { staffMay } from '@emberwatch/shared/domain/operatorTools';

/**
 * What a caller may do on an account's Alert channels page (decision 0072). Pure; its table is
 * apps/server/test/policies/alertChannels.policy.test.ts.
 *
 * - Voice calls (`voiceCallEnabled`) are switched by staff only: the spec lists the flag with the
 *   account's other operator-set flags (storagesEnabled, siteindex) and has no control for it, and a
 *   call costs the operator money per minute (decision 0045's daily cap is a guard, not a price).
 *   The owner sees whether it is on and how to ask for it.
 * - The Sentinel rights are the Sentinel feature's policy (sentinel.policy.ts, decision 0046 with the
 *   owner's own setting of the target from decision 0072), given here as they are for this caller,
 *   except that a demo-mode account (the public visitor login) does not set its target: its
 *   password is public.
 */
export function alertChannelRights(
  who: Who,
  sentinel: SentinelRights,
  account: { demo: boolean } = { demo: false },
): AlertChannelRights {
  const staff = who.staff !== null;
  return {
    // An operator tool (calls cost money): the staff levels of its row.
    changeVoice: staffMay(who.staff, 'voiceCalls'),
    readSentinel: sentinel.read,
    // The public demo login's account is shared by strangers: only staff point its alarms.
    setSentinel: sentinel.configure && (!account.demo || staff),
    rotateSentinel: sentinel.rotate,
    testSentinel: sentinel.test,
  };
}

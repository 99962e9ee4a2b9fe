import type { AlertChannelRights } from '@emberwatch/shared/contracts/alertChannels';
import type { SentinelRights } from '../sentinel/index.js';

/**
 * What a caller may do on an account's Alert channels page (decision 0072). Pure.
 *
 * - Voice calls (`voiceCallEnabled`) are switched by an admin only: the spec lists the flag with the
 *   account's other operator-set flags (storagesEnabled, siteindex) and has no control for it, and a
 *   call costs the operator money per minute (decision 0045's daily cap is a guard, not a price).
 *   The owner sees whether it is on and how to ask for it.
 * - The Sentinel rights are the Sentinel feature's (decision 0046, with the owner's own setting of
 *   the target from decision 0072), except that a demo-mode account (the public visitor login) does
 *   not set its target: its password is public.
 */
export function alertChannelRightsOf(
  caller: { isAdmin: boolean },
  sentinel: SentinelRights,
  account: { demo: boolean } = { demo: false },
): AlertChannelRights {
  return {
    changeVoice: caller.isAdmin,
    readSentinel: sentinel.read,
    // The public demo login's account is shared by strangers: only an admin points its alarms.
    setSentinel: sentinel.configure && (!account.demo || caller.isAdmin),
    rotateSentinel: sentinel.rotate,
    testSentinel: sentinel.test,
  };
}

import {
  VOICE_TEST_DAILY_CAP,
  VOICE_TEST_INTERVAL_S,
  type AlertChannelRights,
  type VoiceTestRefusal,
} from '@emberwatch/shared/contracts/alertChannels';
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

/** What the voice test call knows of the caller and the account when it decides (decision 0120). */
export interface VoiceTestFacts {
  /** The account's voice calls are on (spec doc 3 §6 "Voice alerts: require voiceCallEnabled"). */
  voiceOn: boolean;
  /** The account is the public demo login's. */
  demo: boolean;
  /** The caller's current phone is the one they confirmed with a code, and is international. */
  phoneConfirmed: boolean;
  /** Seconds since the caller's last test call, or null. */
  sinceLastS: number | null;
  /** The account's test calls this UTC day so far. */
  sentToday: number;
}

export interface VoiceTestRefusalOf {
  reason: VoiceTestRefusal;
  httpStatus: number;
  message: string;
  retryAfterS: number | null;
}

/**
 * Whether a voice test call may be placed, and if not why (decision 0120). Pure; table-tested in
 * apps/server/test/policies/alertChannels.policy.test.ts. The order is what the user can act on first:
 * a switched-off channel or a missing number before a wait.
 */
export function voiceTestRefusal(f: VoiceTestFacts, dayLeftS = 0): VoiceTestRefusalOf | null {
  if (f.demo)
    return {
      reason: 'demo',
      httpStatus: 403,
      message: 'The demo account places no calls.',
      retryAfterS: null,
    };
  if (!f.voiceOn)
    return {
      reason: 'voiceOff',
      httpStatus: 409,
      message: 'Voice calls are off for this account.',
      retryAfterS: null,
    };
  if (!f.phoneConfirmed)
    return {
      reason: 'noConfirmedPhone',
      httpStatus: 409,
      message: 'Confirm your phone number (with country code) first.',
      retryAfterS: null,
    };
  if (f.sinceLastS !== null && f.sinceLastS < VOICE_TEST_INTERVAL_S)
    return {
      reason: 'tooSoon',
      httpStatus: 429,
      message: `Wait ${VOICE_TEST_INTERVAL_S} s between test calls.`,
      retryAfterS: VOICE_TEST_INTERVAL_S - f.sinceLastS,
    };
  if (f.sentToday >= VOICE_TEST_DAILY_CAP)
    return {
      reason: 'dailyCap',
      httpStatus: 429,
      message: `At most ${VOICE_TEST_DAILY_CAP} test calls a day per account.`,
      retryAfterS: dayLeftS > 0 ? dayLeftS : null,
    };
  return null;
}

/** A phone number shown back with all but its country prefix and last 3 digits hidden. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 6) return `+${'•'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
  return `+${digits.slice(0, 3)}${'•'.repeat(digits.length - 6)}${digits.slice(-3)}`;
}

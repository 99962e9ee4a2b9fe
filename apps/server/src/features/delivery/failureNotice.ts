import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';

/** The account owner's own ways to be reached: a complete phone (international form) and an address. */
export interface OwnerReach {
  phone: string | null;
  email: string | null;
}

export type NoticeRoute = { channel: 'sms'; address: string } | { channel: 'email'; address: string };

/**
 * Where the notice of a failing recipient goes (decision 0070): to the account's owner, on another
 * channel than the one that fails — e-mail failed → an SMS to the owner's phone; SMS or a call failed →
 * an e-mail to the owner; a webhook or push failed → e-mail first. When that is impossible (no phone,
 * no address, or it fails too) the same kind of channel to the owner's own, different address. Never to
 * the address that failed (on any channel: a number that refuses SMS is no better for a notice), never
 * to an address that fails itself now. Null: no channel that works — the owner then learns it in the
 * app only.
 */
export function noticeRouteOf(
  failed: { channel: AlertChannel; address: string },
  owner: OwnerReach,
  failingAddresses: ReadonlySet<string>,
): NoticeRoute | null {
  const sms = owner.phone === null ? null : ({ channel: 'sms', address: owner.phone } as const);
  const email = owner.email === null ? null : ({ channel: 'email', address: owner.email } as const);
  const order = failed.channel === 'email' ? [sms, email] : [email, sms];
  for (const route of order)
    if (route && route.address !== failed.address && !failingAddresses.has(route.address)) return route;
  return null;
}

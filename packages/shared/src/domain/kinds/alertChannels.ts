/**
 * How an alert reaches people (spec doc 3 §3 Storage.alertMessaging: sms, email, voice, sentinel;
 * the brief adds the browser's web push). Registries are `Record<AlertChannel, …>` with `satisfies`,
 * so a new channel fails the build until the delivery adapters and the settings screen know it.
 */
export const ALERT_CHANNELS = ['sms', 'email', 'voice', 'sentinel', 'push'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export interface AlertChannelInfo {
  /** Recipients are chosen per storage (users and sub-users); otherwise the channel has one target. */
  perRecipient: boolean;
  /** Costs money per message, so the account's daily cap applies. */
  metered: boolean;
}

export const ALERT_CHANNEL_INFO = {
  sms: { perRecipient: true, metered: true },
  email: { perRecipient: true, metered: false },
  voice: { perRecipient: true, metered: true },
  sentinel: { perRecipient: false, metered: false },
  push: { perRecipient: true, metered: false },
} as const satisfies Record<AlertChannel, AlertChannelInfo>;

import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';

/** One message as a channel sends it: already worded in the recipient's language. */
export interface OutgoingMessage {
  /** The outbox row's id: providers that accept an idempotency key get it, so a retry is not a second message. */
  id: number;
  channel: AlertChannel;
  /** A phone number (sms, voice), an e-mail address (email), a URL (sentinel), a push subscription (push). */
  to: string;
  /** The caller number or sender address to use, when the channel picks one per recipient. */
  from?: string;
  subject: string;
  /** Plain text: the SMS, the e-mail's text part, what a voice call reads. */
  text: string;
  /** The e-mail's HTML part. */
  html?: string;
  /** The recipient's language (one of LANGUAGES), for a voice's text-to-speech. */
  language: string;
  /** Structured content for machine channels (sentinel, push): JSON-serialisable. */
  payload?: Record<string, unknown>;
}

/**
 * What a send came to. `permanent` failures (a 4xx from the provider, an invalid number or address, a
 * refused target) are not retried and are shown to the user; the others are retried with back-off.
 */
export type SendOutcome =
  { ok: true; providerId?: string } | { ok: false; permanent: boolean; error: string };

/** A channel's sender: the real provider's adapter or its local stand-in, chosen at start. */
export interface ChannelAdapter {
  readonly channel: AlertChannel;
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

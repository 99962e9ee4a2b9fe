import { emailOf, smsPhoneOf, type AudienceUser } from './audience.js';

/**
 * The pure rules of a broadcast (issue 31 item 3, decision 0100): the text each recipient gets, the
 * channels each can be reached on, the daily cap, the status shown afterwards and the masks.
 */

export const BROADCAST_CHANNELS = ['sms', 'email'] as const;
export type BroadcastChannel = (typeof BROADCAST_CHANNELS)[number];

/** Where one recipient's message stands (the outbox's status, or capped/skipped before it). */
export const RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'capped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** The longest SMS a broadcast may send: three concatenated parts. */
export const MAX_SMS_LENGTH = 459;
/** At most this many recipients in one broadcast (a larger set is split by narrowing the audience). */
export const MAX_BROADCAST_RECIPIENTS = 5000;

export interface BroadcastText {
  subject: string;
  text: string;
}

/**
 * A recipient's text: their language's when it has a text, else English (which every broadcast has).
 * An empty text in a language counts as none.
 */
export function textFor(
  texts: Readonly<Record<string, BroadcastText | undefined>>,
  language: string,
): { language: string; text: BroadcastText } {
  const own = texts[language];
  if (own && own.text.trim() !== '') return { language, text: own };
  return { language: 'en', text: texts.en ?? { subject: '', text: '' } };
}

/** The channels a user gets of those chosen: SMS only to a valid phone, e-mail only to an address. */
export function channelsFor(
  user: Pick<AudienceUser, 'phone' | 'email'>,
  chosen: readonly BroadcastChannel[],
): { channel: BroadcastChannel; address: string }[] {
  const out: { channel: BroadcastChannel; address: string }[] = [];
  for (const channel of BROADCAST_CHANNELS) {
    if (!chosen.includes(channel)) continue;
    const address = channel === 'sms' ? smsPhoneOf(user.phone) : emailOf(user.email);
    if (address !== null) out.push({ channel, address });
  }
  return out;
}

/**
 * The daily cap (delivery's DELIVERY_SMS_DAILY_CAP, per account and UTC day): a broadcast SMS is
 * written only while the account has used fewer than the cap today, counting the broadcast's own
 * messages already written; e-mail has no cap. Answers how many of `wanted` may go.
 */
export function underCap(used: number, cap: number | undefined, wanted = 1): number {
  if (cap === undefined) return wanted;
  return Math.max(0, Math.min(wanted, cap - used));
}

/** The start of the UTC day of `nowS`, as the delivery's caps count it. */
export const dayStartS = (nowS: number): number => nowS - (nowS % 86_400);

/** The outbox's status as the broadcast shows it. */
export function recipientStatusOf(outbox: string | null, own: RecipientStatus): RecipientStatus {
  if (own === 'capped' || outbox === null) return own;
  if (outbox === 'sent') return 'sent';
  if (outbox === 'failed') return 'failed';
  if (outbox === 'capped') return 'capped';
  return 'queued';
}

/** Counts per status, every status present. */
export function statusCounts(statuses: readonly RecipientStatus[]): Record<RecipientStatus, number> {
  const counts = { queued: 0, sent: 0, failed: 0, capped: 0 };
  for (const s of statuses) counts[s]++;
  return counts;
}

/** A phone as staff lists show it: the country part and the last three digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 5) return '•'.repeat(digits.length);
  const head = phone.startsWith('+') ? `+${digits.slice(0, 3)}` : digits.slice(0, 3);
  return `${head}${'•'.repeat(digits.length - 6)}${digits.slice(-3)}`;
}

/** An address as staff lists show it: the first letter of the name and the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}${'•'.repeat(Math.max(1, at - 1))}${email.slice(at)}`;
}

export const maskAddress = (channel: BroadcastChannel, address: string): string =>
  channel === 'sms' ? maskPhone(address) : maskEmail(address);

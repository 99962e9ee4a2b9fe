import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import type { ServerTexts } from '../translations/index.js';

/**
 * The words of the notice that tells an account's owner that messages to a recipient fail for good
 * (decision 0070), from the locale files' serverAlerts.notice (decision 0107). Worded when written, like an alert's, so a retry sends the
 * same text. `{channel}` is the channel's plural subject of the sentence ("E-mails"), `{who}` the
 * recipient's name and address.
 */
export interface NoticeWords {
  subject: string;
  body: string;
  channels: Record<AlertChannel, string>;
}

/** The provider's error as the notice quotes it: short enough for an SMS. */
export const NOTICE_ERROR_CHARS = 120;

/** The notice's subject and text in the owner's language (English for one we do not have). */
export function noticeText(
  texts: ServerTexts,
  language: string,
  facts: { channel: AlertChannel; name: string; address: string; error: string; link: string },
): { subject: string; body: string } {
  const w = texts.group<NoticeWords>(language, 'serverAlerts.notice');
  const error =
    facts.error.length > NOTICE_ERROR_CHARS
      ? `${facts.error.slice(0, NOTICE_ERROR_CHARS - 1)}…`
      : facts.error;
  // A push message's address is the person's user id: their name says more.
  const who = facts.channel === 'push' ? facts.name : `${facts.name} (${facts.address})`;
  const values = { ...facts, who, error, channel: w.channels[facts.channel] };
  return { subject: fillPlaceholders(w.subject, values), body: fillPlaceholders(w.body, values) };
}

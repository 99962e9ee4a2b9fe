import type { ServerTextCatalog } from './serverTextCatalog.js';

/** What a feature that words a message to one person needs (decision 0107, amended). */
export interface MessageTexts {
  /** The server texts, a translator's save seen at the next message. */
  serverTexts: Pick<ServerTextCatalog, 'texts'>;
  /** The language the user chose in the settings, if they did (the preferences feature's). */
  preferences: { chosenLanguage(userId: number): Promise<string | null> };
}

/**
 * The language a message to a user is worded in: the one they chose in their settings, else the
 * account's (users.language) — as the alerts and failure notices pick it.
 */
export async function recipientLanguage(
  preferences: MessageTexts['preferences'],
  user: { id: number; language: string },
): Promise<string> {
  return (await preferences.chosenLanguage(user.id)) ?? user.language;
}

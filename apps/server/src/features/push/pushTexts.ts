import type { ServerTexts } from '../translations/index.js';

/**
 * The test notification (POST /client/testPush) in a language (English for one we do not have), from
 * the server texts (serverAlerts.pushTest; decision 0107).
 */
export function pushTestText(texts: ServerTexts, language: string): { title: string; body: string } {
  return texts.group<{ title: string; body: string }>(language, 'serverAlerts.pushTest');
}

// Logs a page in without the login form, for the specs whose subject is not the login (decision 0121).
import type { Page } from '@playwright/test';
import { AUTO_OPEN_WINDOWS, demoPassword, rememberClosedInTab } from './app.js';

/**
 * Starts `username`'s session in the page's browser context as the login form does: the same
 * `POST /admin/login`, whose answer sets the httpOnly refresh cookie in the context (page.request shares
 * the context's cookies), so loading `path` finds the session the way a logged-in user's visit does.
 * `closed` names the windows that open by themselves (decision 0077; AUTO_OPEN_WINDOWS by default) to keep closed in the tab session,
 * as keepAutoOpenClosed does, from the same login. Resolves, once the logged-in shell is on the page, to
 * the session's access token.
 */
export async function logInThroughApi(
  page: Page,
  username: string,
  path: string,
  closed: readonly string[] = AUTO_OPEN_WINDOWS,
): Promise<string> {
  const answer = await page.request.post('/admin/login', { data: { username, password: demoPassword } });
  if (!answer.ok()) throw new Error(`login of ${username} failed: ${answer.status()}`);
  const { UID, accessToken } = (await answer.json()) as { UID: number; accessToken: string };
  if (closed.length > 0) await rememberClosedInTab(page, UID, closed);
  await page.goto(path);
  // The shell's menu button shows once the session is found and the page is drawn. Waited for without a
  // limit of its own, as the login form's fields were: the test's timeout bounds a slow first load.
  await page.getByTestId('menu-button').waitFor({ timeout: 0 });
  return accessToken;
}

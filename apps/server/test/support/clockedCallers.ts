import { bearer, type TestApp } from './testApp.js';

/**
 * GET and POST as a demo user (`who`, the part of the username before @demo.emberwatch; the admin by
 * default) on a server whose clock the test moves (`clock`): access tokens last 15 minutes on it, so
 * each user logs in again whenever the clock has moved since its token was issued. `app` gives the
 * test app, made in the file's beforeAll.
 */
export function clockedCallers(app: () => TestApp, clock: () => number) {
  const tokens: Record<string, string> = {};
  const issuedAt: Record<string, number> = {};
  async function tokenOf(who: string): Promise<string> {
    if (issuedAt[who] !== clock()) {
      tokens[who] = await app().login(`${who}@demo.emberwatch`);
      issuedAt[who] = clock();
    }
    return tokens[who]!;
  }
  const get = async (url: string, who = 'admin') =>
    app().app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who)) });
  const post = async (url: string, payload: object, who = 'admin') =>
    app().app.inject({ method: 'POST', url, payload, headers: bearer(await tokenOf(who)) });
  return { tokenOf, get, post };
}

/**
 * The account an access token was issued for: its JWT's subject (the server signs `sub` = the user
 * id), or null when the token is not shaped so. Read without checking the signature — the token came
 * from our own server over this connection a moment ago; the app uses this only to pick the kept copy
 * of that account's data (decision 0145), never to grant anything.
 */
export function accountOfToken(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    if (typeof sub !== 'string' || !/^[1-9]\d*$/.test(sub)) return null;
    const account = Number(sub);
    return Number.isSafeInteger(account) ? account : null;
  } catch {
    return null;
  }
}

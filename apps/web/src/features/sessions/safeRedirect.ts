/**
 * The `redirect` query parameter of /login (spec doc 1 §2) is attacker-controllable: a link to
 * /login?redirect=https://evil.example would otherwise send a freshly logged-in user to a phishing
 * page. Only a path on this site is accepted; anything else becomes "/".
 */
const PLACEHOLDER_ORIGIN = 'https://emberwatch.invalid';

export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return '/';
  // "//host" and "/\host" are protocol-relative in browsers; control characters hide tricks like "/\t/host".
  // eslint-disable-next-line no-control-regex
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw))
    return '/';
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  // Returning to the login page itself would loop.
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that brings the user back to `pathAndSearch` afterwards. */
export function loginPathFor(pathAndSearch: string): string {
  const target = safeRedirect(pathAndSearch);
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

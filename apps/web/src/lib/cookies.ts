/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const ONE_YEAR_S = 31_536_000;

/** A first-party, script-readable preference cookie (language before login); never a credential. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number = ONE_YEAR_S): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

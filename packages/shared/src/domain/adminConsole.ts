/**
 * The rules of the operator console's shell (spec doc 1 §2 "Admin bar"; decision 0088): the three
 * system families, the picker's search keys and the order of its matches, and how the bar names a
 * customer and its environment. Pure, so the server, the web app and their tests agree.
 */

/**
 * The admin bar's radios (spec doc 1 §2: main, hay app, older Gari system). A station belongs to the
 * family of the account that owns it: the account's main user's partner-app kind (users.partner_app:
 * null for Emberwatch's own users, 'haytech' for Haytech-app users, 'gari' for Gari users).
 */
export const SYSTEM_FAMILIES = ['main', 'haytech', 'gari'] as const;
export type SystemFamily = (typeof SYSTEM_FAMILIES)[number];

export function systemFamilyOf(partnerApp: string | null): SystemFamily {
  return partnerApp === 'haytech' || partnerApp === 'gari' ? partnerApp : 'main';
}

/** The partner-app kind of a family's accounts (null: the main system's own). */
export function partnerAppOf(family: SystemFamily): 'haytech' | 'gari' | null {
  return family === 'main' ? null : family;
}

/**
 * What the picker's search looks at, in the order equally good matches are listed: the station's
 * id, name and SIM, a probe's id, then the account's users by username, name, e-mail and phone.
 */
export const SEARCH_KEYS = [
  'stationId',
  'stationName',
  'sim',
  'probe',
  'username',
  'name',
  'email',
  'phone',
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** The keys each choice of the picker's "search in" looks at. */
export const KEYS_BY = {
  any: SEARCH_KEYS,
  station: ['stationId', 'stationName'],
  probe: ['probe'],
  user: ['username', 'name', 'email'],
  phone: ['phone'],
  sim: ['sim'],
} as const satisfies Record<string, readonly SearchKey[]>;

/** The phone number's digits, as the phone key compares them ("+1 202-555" → "1202555"). */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Whether a search can be a phone number: only digits, spaces, +, -, ( and ), with at least three
 * digits. Anything else (a station id with digits in it) is not looked up among phone numbers, where
 * its digits would find strangers' numbers.
 */
export function isPhoneSearch(text: string): boolean {
  return /^[+\d\s().-]+$/.test(text) && phoneDigits(text).length >= 3;
}

/**
 * A LIKE pattern that matches `text` literally, any case (the caller lowers both sides), with `!`
 * as the escape character (the one character every engine accepts after ESCAPE without quoting).
 */
export function likeLiteral(text: string): string {
  return text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
}

/** How well a value matches the search: exact (0), from its start (1), somewhere inside (2). */
export type MatchQuality = 0 | 1 | 2;

export function matchQuality(value: string, search: string): MatchQuality | null {
  const v = value.toLowerCase();
  const s = search.toLowerCase();
  if (s === '' || !v.includes(s)) return null;
  return v === s ? 0 : v.startsWith(s) ? 1 : 2;
}

/** One match as the search ranks it. */
export interface RankedMatch {
  bsId: string;
  key: SearchKey;
  value: string;
  quality: MatchQuality;
}

const keyRank = new Map<SearchKey, number>(SEARCH_KEYS.map((k, i) => [k, i]));

/**
 * The picker's order: better matches first, then by key (station before probe before user), then
 * the matched text and the station id in code-point order (what PostgreSQL's "C" collation and SQLite
 * compare), so the server's per-key pages merge into one page exactly.
 */
export function compareMatches(a: RankedMatch, b: RankedMatch): number {
  return (
    a.quality - b.quality ||
    keyRank.get(a.key)! - keyRank.get(b.key)! ||
    (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) ||
    (a.bsId < b.bsId ? -1 : a.bsId > b.bsId ? 1 : 0)
  );
}

/**
 * One page of the merged matches: each key's list holds its best `offset + limit + 1` matches in the
 * same order, so the first `offset + limit + 1` of their union are the best overall; `more` says a
 * match lies beyond the page.
 */
export function pageOfMatches<M extends RankedMatch>(
  perKey: readonly (readonly M[])[],
  offset: number,
  limit: number,
): { page: M[]; more: boolean } {
  const all = perKey.flat().sort(compareMatches);
  return { page: all.slice(offset, offset + limit), more: all.length > offset + limit };
}

/** How the admin bar names a customer: "Name (username)", or the username alone. */
export function customerLabel(owner: { username: string; name: string | null }): string {
  const name = owner.name?.trim();
  return name ? `${name} (${owner.username})` : owner.username;
}

/** A person's name from its parts, null when it has none. */
export function personName(firstname: string | null, lastname: string | null): string | null {
  const name = [firstname, lastname]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
  return name === '' ? null : name;
}

/**
 * The admin bar's colour (spec doc 1 §2: different in development and production): production has its
 * own, so an operator never mistakes the live fleet for a test server; development and test share one.
 */
export function adminBarTone(environment: string | undefined): 'production' | 'development' {
  return environment === 'production' ? 'production' : 'development';
}

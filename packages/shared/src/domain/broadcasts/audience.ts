/**
 * Who a broadcast or a news campaign reaches (issue 31 item 3, decision 0100). An audience is a set of
 * filters, each optional; a user is in it when every given filter matches (and each filter matches
 * any of its values). No filter at all: every customer. Staff and master users are never in it —
 * they are not customers (spec doc 1 §6: masters have no news).
 */

/** The partner apps a customer may come from (users.partner_app); 'none' is a customer of our own app. */
export const PARTNER_APPS = ['none', 'gari', 'haytech'] as const;
export type PartnerApp = (typeof PARTNER_APPS)[number];

/** Which way a user can be reached: an SMS phone, an e-mail address. */
export const CONTACTS = ['sms', 'email'] as const;
export type Contact = (typeof CONTACTS)[number];

export interface Audience {
  planLevels?: readonly number[];
  segments?: readonly number[];
  /** ISO 3166 alpha-2, upper case. */
  countries?: readonly string[];
  languages?: readonly string[];
  partnerApps?: readonly PartnerApp[];
  /** Only users reachable this way (a valid SMS phone, an e-mail address). */
  contact?: Contact;
}

/** The user facts an audience looks at. */
export interface AudienceUser {
  admin: boolean;
  master: boolean;
  /** A sub-user works in another's account: the account's owner is the customer. */
  subUser: boolean;
  planLevel: number;
  segment: number | null;
  country: string | null;
  language: string;
  partnerApp: string | null;
  phone: string | null;
  email: string | null;
}

/** An SMS phone: digits after an optional +, 7 to 15 of them once spaces and dashes are dropped. */
export function smsPhoneOf(phone: string | null): string | null {
  if (!phone) return null;
  const p = phone.replace(/[\s\-()]/g, '');
  return /^\+?\d{7,15}$/.test(p) ? p : null;
}

export function emailOf(email: string | null): string | null {
  if (!email) return null;
  const e = email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) ? e : null;
}

export function reachable(user: Pick<AudienceUser, 'phone' | 'email'>, contact: Contact): boolean {
  return contact === 'sms' ? smsPhoneOf(user.phone) !== null : emailOf(user.email) !== null;
}

const any = <T>(values: readonly T[] | undefined, v: T): boolean =>
  values === undefined || values.length === 0 || values.includes(v);

/** Is the user a customer in the audience? */
export function inAudience(user: AudienceUser, audience: Audience): boolean {
  if (user.admin || user.master || user.subUser) return false;
  const partner: PartnerApp =
    user.partnerApp === 'gari' || user.partnerApp === 'haytech' ? user.partnerApp : 'none';
  return (
    any(audience.planLevels, user.planLevel) &&
    (audience.segments === undefined ||
      audience.segments.length === 0 ||
      (user.segment !== null && audience.segments.includes(user.segment))) &&
    (audience.countries === undefined ||
      audience.countries.length === 0 ||
      (user.country !== null && audience.countries.includes(user.country.toUpperCase()))) &&
    any(audience.languages, user.language) &&
    any(audience.partnerApps, partner) &&
    (audience.contact === undefined || reachable(user, audience.contact))
  );
}

/** The audience without its empty filters: what is stored and compared. */
export function normalizeAudience(a: Audience): Audience {
  const out: Audience = {};
  if (a.planLevels?.length) out.planLevels = [...new Set(a.planLevels)].sort((x, y) => x - y);
  if (a.segments?.length) out.segments = [...new Set(a.segments)].sort((x, y) => x - y);
  if (a.countries?.length) out.countries = [...new Set(a.countries.map((c) => c.toUpperCase()))].sort();
  if (a.languages?.length) out.languages = [...new Set(a.languages)].sort();
  if (a.partnerApps?.length) out.partnerApps = [...new Set(a.partnerApps)].sort();
  if (a.contact) out.contact = a.contact;
  return out;
}

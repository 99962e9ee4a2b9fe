import { isPartnerAppUser, type RoleContext } from '../roles.js';

/**
 * The partner apps' rules (spec doc 1 §2 route table and "Side menu entries", doc 2 §2.1 and §6,
 * doc 3 §6; decisions 0116-0118). Pure, so the web's guards and their table tests agree.
 */

/** The two partner-app user kinds (`users.partner_app`, decisions 0088, 0098, 0102). */
export const PARTNER_APPS = ['gari', 'haytech'] as const;
export type PartnerApp = (typeof PARTNER_APPS)[number];

/** Each partner app's entry page (spec doc 1 §2: /gari, /haytechapp). */
export const PARTNER_ENTRY_PATHS: Readonly<Record<PartnerApp, string>> = {
  gari: '/gari',
  haytech: '/haytechapp',
};

/**
 * The products a /SAV-{product} support page exists for (decision 0118): the three product lines
 * the probes are made for (spec doc 1 §1 "hay, grain and compost"; a probe serial's H, G, C).
 */
export const SUPPORT_PRODUCTS = ['hay', 'grain', 'compost'] as const;
export type SupportProduct = (typeof SUPPORT_PRODUCTS)[number];

/** The support page's path for a product: /SAV-hay. */
export function supportPathOf(product: SupportProduct): string {
  return `/SAV-${product}`;
}

/**
 * The product a path names, when it is a support page (/SAV-hay, /sav-Grain/, any case); `undefined`
 * when the path is no support page at all, `null` when it is one for a product that does not exist.
 */
export function supportProductOf(pathname: string): SupportProduct | null | undefined {
  const m = /^\/sav-([^/]*)\/?$/i.exec(pathname);
  if (!m) return undefined;
  const name = (m[1] ?? '').toLowerCase();
  return (SUPPORT_PRODUCTS as readonly string[]).includes(name) ? (name as SupportProduct) : null;
}

/** The areas partner-app users do not have (spec doc 1 §2 side menu, doc 2 §2.1, doc 3 §6). */
const PARTNER_BARRED: readonly { prefix: string; to: string }[] = [
  { prefix: '/account', to: '/' },
  { prefix: '/storages', to: '/' },
  { prefix: '/batches', to: '/' },
];
// Settings → Preferences is not here: the settings page opens its first visible tab itself
// (settingsVisibility.ts, "Gari and Haytech-app users do not see Preferences").

/**
 * Where a gari or hay-app user opening a page of an area they do not have is sent (a page they
 * cannot use is never drawn half-broken), or null when the page is theirs. Staff working for a
 * partner customer keep every page (decision 0116). "/" leads such users to their probes.
 */
export function partnerAreaRedirect(
  ctx: Pick<RoleContext, 'admin' | 'partnerApp'>,
  pathname: string,
): string | null {
  if (ctx.admin || !isPartnerAppUser(ctx)) return null;
  const path = pathname.toLowerCase();
  const barred = PARTNER_BARRED.find((b) => path === b.prefix || path.startsWith(`${b.prefix}/`));
  return barred ? barred.to : null;
}

import type { RoleContext } from '../roles.js';

/** Spec doc 1 §6: master users have no news. */
export function receivesNews(ctx: Pick<RoleContext, 'master'>): boolean {
  return !ctx.master;
}

/**
 * Spec doc 1 §6 "News: non-master users with news": the top bar's news button shows when there are
 * items; its count is the items published after the user's newsSeenDate (all of them before any).
 */
export function unseenNewsCount(news: readonly { date: number }[], newsSeenDate: number | null): number {
  return news.filter((n) => newsSeenDate === null || n.date > newsSeenDate).length;
}

/**
 * Spec doc 1 §7 "newsSeenDate sent when the news dialog closes, non-admin only", §6 "admin: news not
 * marked seen" (an admin looking at a customer must not mark the customer's news read); masters have none.
 */
export function marksNewsSeen(ctx: Pick<RoleContext, 'admin' | 'master'>): boolean {
  return !ctx.admin && !ctx.master;
}

/** The date sent on close: the newest item shown, so a clock that differs from the server's cannot skip one. */
export function newsSeenDateOf(news: readonly { date: number }[]): number | null {
  return news.length === 0 ? null : Math.max(...news.map((n) => n.date));
}

/**
 * Spec doc 1 §2: a news link gets a reference query of user id and item number for non-admin,
 * non-master users (so a campaign knows who followed it); admins and masters follow it plain.
 */
export function newsLink(
  link: string,
  ctx: Pick<RoleContext, 'admin' | 'master'> & { uid: number; itemId: number },
): string {
  if (ctx.admin || ctx.master) return link;
  const hash = link.indexOf('#');
  const base = hash < 0 ? link : link.slice(0, hash);
  const fragment = hash < 0 ? '' : link.slice(hash);
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}ref=${ctx.uid}-${ctx.itemId}${fragment}`;
}

/**
 * The switches of the live connections (issue 30 item 7, decision 0096): what an operator may ask of
 * a client's sockets and of the server's links, as pure rules the server applies and the page offers.
 */

export const CLIENT_SOCKET_ACTIONS = ['disconnect', 'disable', 'enable'] as const;
export type ClientSocketAction = (typeof CLIENT_SOCKET_ACTIONS)[number];

/** The server's links: `push` is the gateway's push to every client; `relay` the link between instances. */
export const SERVER_LINKS = ['push', 'relay'] as const;
export type ServerLink = (typeof SERVER_LINKS)[number];
export const SERVER_SOCKET_ACTIONS = ['on', 'off', 'reconnect'] as const;
export type ServerSocketAction = (typeof SERVER_SOCKET_ACTIONS)[number];

/**
 * Refuses what the link cannot do: the relay only reconnects (turned off, the instances would
 * silently stop telling each other's clients), and a server on SQLite has no relay. Null: allowed.
 */
export function serverSocketRefusal(
  link: ServerLink,
  action: ServerSocketAction,
  hasRelay: boolean,
): { status: 400 | 409; error: string } | null {
  if (link === 'push') return null;
  if (!hasRelay)
    return { status: 409, error: 'This server has no relay: it runs on SQLite, as one instance.' };
  if (action !== 'reconnect')
    return { status: 400, error: 'The relay can only be reconnected, not switched on or off.' };
  return null;
}

/** One live connection as the console lists it. */
export interface LiveConnectionFacts {
  id: string;
  instance: string;
  userId: number;
  connectedTs: number;
}

/**
 * The connections grouped by user for the console's table (one row per user, the sockets in its
 * sub-row): the users with the most sockets first, then by id; each user's sockets oldest first.
 */
export function connectionsByUser<C extends LiveConnectionFacts>(
  connections: readonly C[],
): { userId: number; connections: C[] }[] {
  const byUser = new Map<number, C[]>();
  for (const c of connections) {
    const list = byUser.get(c.userId) ?? [];
    list.push(c);
    byUser.set(c.userId, list);
  }
  return [...byUser.entries()]
    .map(([userId, list]) => ({
      userId,
      connections: list.sort((a, b) => a.connectedTs - b.connectedTs || a.id.localeCompare(b.id)),
    }))
    .sort((a, b) => b.connections.length - a.connections.length || a.userId - b.userId);
}

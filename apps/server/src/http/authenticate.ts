import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './ApiError.js';
import type { AccessTokenSigner } from '../features/sessions/accessToken.js';
import type { AccessService, Actor } from '../features/users/access.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return undefined;
  return h.slice(7).trim() || undefined;
}

/** preHandler for every user call: a valid access token, resolved to the calling Actor. */
/** A route scope's preHandler, built once by the sessions feature and handed to the others. */
export type Authenticate = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function authenticate(ctx: {
  signer: Pick<AccessTokenSigner, 'verify'>;
  access: Pick<AccessService, 'actorFor'>;
}): Authenticate {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(req);
    const userId = token ? await ctx.signer.verify(token) : null;
    if (userId === null) throw ApiError.unauthenticated();
    req.actor = await ctx.access.actorFor(userId);
  };
}

export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw ApiError.unauthenticated();
  return req.actor;
}

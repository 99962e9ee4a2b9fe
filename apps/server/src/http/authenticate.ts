import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayUseOperatorTool, staffLevelOf } from '@emberwatch/shared/domain/operatorTools';
import { ApiError } from './ApiError.js';
import type { AccessService, Actor } from './access/index.js';

/**
 * What checks an access token: the sessions feature's signer gives it. Declared here so that the
 * HTTP layer needs no feature (the sessions feature depends on it, not the other way round).
 */
export interface AccessTokenVerifier {
  verify(token: string): Promise<number | null>;
  /** The user id and the token's expiry (epoch seconds), or null for a bad or expired token. */
  verifyWithExpiry(
    token: string,
  ): Promise<{ userId: number; exp: number; actingStaffId?: number | null } | null>;
}

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

/**
 * The hook of every user call: a valid access token, resolved to the calling Actor. Built once by the
 * sessions feature and handed to the others, which add it as their scope's `preValidation` hook, so
 * that a caller who is not logged in gets 401 before the input is looked at: nothing about a call's
 * schema is told to a stranger (apps/server/test/readRights.test.ts checks every call).
 */
export type Authenticate = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function authenticate(ctx: {
  signer: Pick<AccessTokenVerifier, 'verifyWithExpiry'>;
  access: Pick<AccessService, 'actorFor'>;
}): Authenticate {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(req);
    const verified = token ? await ctx.signer.verifyWithExpiry(token) : null;
    if (verified === null) throw ApiError.unauthenticated();
    const actor = await ctx.access.actorFor(verified.userId);
    const staffId = verified.actingStaffId ?? null;
    if (staffId === null) {
      req.actor = actor;
      return;
    }
    // A customer's session opened by a staff member (decision 0099): the customer's rights only, and
    // only while the member may still open one; a member removed or lowered loses it at once.
    const staff = await ctx.access.actorFor(staffId).catch(() => null);
    if (
      !staff ||
      !mayUseOperatorTool({ admin: staff.isAdmin, adminGroup: staff.user.admin_group }, 'customerSession')
    )
      throw ApiError.unauthenticated('The customer’s session has ended.');
    req.actor = {
      ...actor,
      actingStaff: {
        id: staff.user.id,
        username: staff.user.username,
        level: staffLevelOf(staff.user.admin_group),
      },
    };
  };
}

export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw ApiError.unauthenticated();
  return req.actor;
}

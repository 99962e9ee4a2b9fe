import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@emberwatch/shared/contracts/publicApiKeys';
import type { AccessService } from '../../http/access/index.js';
import { parseApiKey, secretMatches } from './apiKeySecret.js';
import type { ApiKeysRepository } from './apiKeys.repository.js';
import { keyMayCall } from './publicApi.policy.js';
import { PublicApiError } from './publicApiError.js';
import type { KeyCaller } from './publicApi.service.js';
import type { KeyRateLimiter } from './rateLimiter.js';

declare module 'fastify' {
  interface FastifyRequest {
    keyCaller?: KeyCaller;
  }
}

/** Last use is written at most this often per key (every call would be a write per read). */
const LAST_USED_EVERY_S = 60;

const dueOf = (ts: number | string | null): number | null => (ts === null ? null : Number(ts));

/**
 * The preValidation hook of the key-authenticated calls (decision 0110): the X-API-Key header's key,
 * its secret matching the stored hash, not revoked, the account's API plan running, the scope the
 * call needs, and a token of the key's rate limit. Before the input is parsed, as for logged-in
 * calls: nothing about a call's schema is told to a caller without a key. The key is never logged.
 */
export function keyAuth(ctx: {
  keys: ApiKeysRepository;
  access: Pick<AccessService, 'actorFor'>;
  limiter: KeyRateLimiter;
  nowS: () => number;
  scopeOf: (url: string) => ApiKeyScope;
}) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = req.headers['x-api-key'];
    const text = Array.isArray(header) ? header[0] : header;
    if (!text) throw new PublicApiError('key_missing', 'Send your API key in the X-API-Key header.');
    const parsed = parseApiKey(text);
    const row = parsed ? await ctx.keys.find(parsed.id) : undefined;
    if (!parsed || !row || !secretMatches(parsed.secret, row.secret_hash))
      throw new PublicApiError('key_invalid', 'This is not a valid API key.');
    const now = ctx.nowS();
    // The account's row gives both the actor and the plan's due date: one query, not two on every
    // call. A refusal of the actor (a blocked account) still comes after the plan and the rate limit.
    const found = await ctx.access.actorFor(row.account_id).then(
      (actor) => ({ actor, refusal: null }),
      (refusal: unknown) => ({ actor: null, refusal }),
    );
    const planDue = found.actor
      ? dueOf(found.actor.user.api_plan_due_ts)
      : ((await ctx.keys.planDueOf(row.account_id)) ?? null);
    const verdict = keyMayCall(
      { revoked: row.revoked_ts !== null, scope: row.scope, planDue },
      ctx.scopeOf(req.routeOptions.url ?? req.url),
      now,
    );
    if (verdict !== true) throw new PublicApiError(verdict.code, verdict.reason);
    const wait = ctx.limiter.take(row.id);
    if (wait > 0)
      throw new PublicApiError('rate_limited', `Too many calls with this key. Try again in ${wait} s.`, wait);
    if (!found.actor) throw found.refusal;
    const actor = found.actor;
    req.actor = actor;
    req.keyCaller = {
      actor,
      keyId: row.id,
      scope: row.scope,
      lastUsed: row.last_used_ts === null ? null : { ts: Number(row.last_used_ts), ip: row.last_used_ip },
    };
  };
}

/**
 * The preHandler of the key calls: the key's last use, once the input passed its schema (a refused
 * input changes nothing, decision 0110), at most once a minute per key and address.
 */
export function keyUsed(ctx: { keys: ApiKeysRepository; nowS: () => number }) {
  return async (req: FastifyRequest): Promise<void> => {
    const caller = req.keyCaller;
    if (!caller) return;
    const now = ctx.nowS();
    const last = caller.lastUsed;
    if (last === null || now - last.ts >= LAST_USED_EVERY_S || last.ip !== req.ip)
      await ctx.keys.used(caller.keyId, now, req.ip);
  };
}

export function keyCallerOf(req: FastifyRequest): KeyCaller {
  if (!req.keyCaller) throw new PublicApiError('key_missing', 'Send your API key in the X-API-Key header.');
  return req.keyCaller;
}

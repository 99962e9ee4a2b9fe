import type { ActivateKitRequest, ActivateKitResponse } from '@emberwatch/shared/contracts/activation';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { ApiKeyScope } from '@emberwatch/shared/contracts/publicApiKeys';
import { API_KEY_RIGHTS } from '@emberwatch/shared/domain/publicApi/apiKeyRights';
import { publicApiEndpoints } from '@emberwatch/shared/contracts/publicApi';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { ReadingHistory } from '../readings/index.js';
import { ApiKeysRepository } from './apiKeys.repository.js';
import { ApiKeysService } from './apiKeys.service.js';
import { keyAuth, keyUsed } from './keyAuth.js';
import { PublicApiRepository } from './publicApi.repository.js';
import { publicApiRoutes } from './publicApi.routes.js';
import { PublicApiService } from './publicApi.service.js';
import { publicApiDb } from './publicApi.tables.js';
import { KeyRateLimiter, type RateLimit } from './rateLimiter.js';

export { publicOpenApi, PUBLIC_OPENAPI_PATH } from './publicOpenApi.js';
export { takeToken } from './rateLimiter.js';

/** Each key's calls (decision 0111): a burst of 60, then one a second. */
export const KEY_RATE_LIMIT: RateLimit = { burst: 60, perMinute: 60 };

/**
 * The public API (issue 33 items 1–3, decisions 0109–0112): an account owner's API keys, the v1 reads
 * and v2 activations made with them, per-key rate limits, and the API's own OpenAPI document. The
 * activations are the activation feature's, the station's release the station tools'.
 */
export function publicApiFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    history: Pick<ReadingHistory, 'range' | 'firstReadings'>;
    preferences: { get(userId: number): Promise<UiPreferences> };
    activateKit: (actor: Actor, req: ActivateKitRequest, address: string) => Promise<ActivateKitResponse>;
    reclaimStation: (actor: Actor, bsId: string) => Promise<ActivateKitResponse>;
    releaseStation: (ownerId: number, bsId: string) => Promise<void>;
  },
) {
  const db = publicApiDb(kernel.store.db);
  const keysRepo = new ApiKeysRepository(db);
  const keys = new ApiKeysService(keysRepo, kernel.nowS);
  const api = new PublicApiService(new PublicApiRepository(db), deps, kernel.nowS);
  const limiter = new KeyRateLimiter(KEY_RATE_LIMIT, () => kernel.nowS() * 1000);
  const scopes = new Map<string, ApiKeyScope>(
    Object.entries(publicApiEndpoints).map(([name, e]) => [
      e.path,
      API_KEY_RIGHTS.find((r) => r.call === `publicApi.${name}`)?.scope ?? 'activate',
    ]),
  );
  return defineFeature({
    name: 'public-api',
    routes: publicApiRoutes({
      authenticate: deps.authenticate,
      keys,
      api,
      publicUrl: kernel.config.delivery.publicUrl,
      keyUsed: keyUsed({ keys: keysRepo, nowS: kernel.nowS }),
      keyAuth: keyAuth({
        keys: keysRepo,
        access: deps.access,
        limiter,
        nowS: kernel.nowS,
        // A call without a row needs the most (activate): a new call is closed until it has one.
        scopeOf: (url) => scopes.get(url) ?? 'activate',
      }),
    }),
    exports: {},
  });
}

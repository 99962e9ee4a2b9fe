import type { AppContext } from '../AppContext.js';
import { RefreshTokenRepository } from '../features/sessions/refreshToken.repository.js';
import type { Job } from './Scheduler.js';

/** Every periodic job of the server. Jobs call services and repositories; they hold no rules of their own. */
export function serverJobs(ctx: AppContext): Job[] {
  const refreshTokens = new RefreshTokenRepository(ctx.store.db);
  return [
    {
      // Expired refresh tokens can never be used again; revoked families are kept until they expire
      // so that a replayed token is still recognised as reuse.
      name: 'purge-expired-refresh-tokens',
      everyMs: 60 * 60_000,
      run: async () => {
        await refreshTokens.deleteExpired(ctx.nowS());
      },
    },
  ];
}

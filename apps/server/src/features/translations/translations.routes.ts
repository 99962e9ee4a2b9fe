import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translationLocaleQuerySchema, updateTranslationsRequestSchema } from '@emberwatch/shared';
import type { AppContext } from '../../AppContext.js';
import { actorOf, authenticate } from '../../http/authenticate.js';
import { TranslationRepository } from './translation.repository.js';
import { TranslationService } from './translation.service.js';

export function createTranslationService(ctx: AppContext): TranslationService {
  return new TranslationService(new TranslationRepository(ctx.store.db), ctx.nowS);
}

/** Spec doc 1 §7 "Translations": the client calls, the admin list and the save. */
export function translationRoutes(
  ctx: AppContext,
  service: TranslationService = createTranslationService(ctx),
) {
  return (base: FastifyInstance): void => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    // Before login: the login page needs its texts (no auth).
    app.get(
      '/client/getAnonymousTranslations',
      { schema: { querystring: translationLocaleQuerySchema } },
      (req) => service.clientTranslations(req.query.locale),
    );

    void app.register((scope: FastifyInstance, _opts, done) => {
      const authed = scope.withTypeProvider<ZodTypeProvider>();
      authed.addHook('preHandler', authenticate(ctx));

      authed.get(
        '/client/getUserTranslations',
        { schema: { querystring: translationLocaleQuerySchema } },
        async (req) => {
          // UID names the account the app works in; it must be one the caller may act for.
          await ctx.access.targetAccount(actorOf(req), req.query.UID);
          return service.clientTranslations(req.query.locale);
        },
      );

      authed.get(
        '/admin/getAdminTranslations',
        { schema: { querystring: translationLocaleQuerySchema } },
        (req) => service.adminTranslations(actorOf(req), req.query.locale),
      );

      authed.post(
        '/admin/updateTranslations',
        { schema: { body: updateTranslationsRequestSchema } },
        async (req) => ({ status_code: 0, result: await service.save(actorOf(req), req.body) }),
      );
      done();
    });
  };
}

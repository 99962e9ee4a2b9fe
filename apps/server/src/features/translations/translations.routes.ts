import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translationLocaleQuerySchema, updateTranslationsRequestSchema } from '@emberwatch/shared';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import type { TranslationService } from './translation.service.js';

/** Spec doc 1 §7 "Translations": the client calls, the admin list and the save. */
export function translationRoutes(ctx: { authenticate: Authenticate }, service: TranslationService) {
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
      authed.addHook('preHandler', ctx.authenticate);

      authed.get(
        '/client/getUserTranslations',
        { schema: { querystring: translationLocaleQuerySchema } },
        (req) => service.userTranslations(actorOf(req), req.query.locale, req.query.UID),
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

import type { FastifyInstance } from 'fastify';
import { translationEndpoints } from '@emberwatch/shared/contracts/translations';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { TranslationService } from './translation.service.js';

/** Spec doc 1 §7 "Translations": the client calls, the admin list and the save. */
export function translationRoutes(ctx: { authenticate: Authenticate }, service: TranslationService) {
  return (app: FastifyInstance): void => {
    const {
      getAnonymousTranslations,
      getUserTranslations,
      getAdminTranslations,
      getTranslationLanguages,
      updateTranslations,
    } = translationEndpoints;

    // Before login: the login page needs its texts (no auth).
    route(app, getAnonymousTranslations).handle((req) => service.clientTranslations(req.query.locale));

    void app.register((scope: FastifyInstance, _opts, done) => {
      scope.addHook('preValidation', ctx.authenticate);

      route(scope, getUserTranslations).handle((req) =>
        service.userTranslations(actorOf(req), req.query.locale, req.query.UID),
      );

      route(scope, getAdminTranslations).handle((req) =>
        service.adminTranslations(actorOf(req), req.query.locale),
      );

      route(scope, getTranslationLanguages).handle((req) => service.languages(actorOf(req)));

      route(scope, updateTranslations).handle(async (req) => ({
        status_code: 0,
        result: await service.save(actorOf(req), req.body),
      }));
      done();
    });
  };
}

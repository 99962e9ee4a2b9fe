import type { FastifyInstance } from 'fastify';
import { serviceEndpoints } from '@emberwatch/shared/contracts/services';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { ServicesService } from './services.service.js';

/** getServices and registerService (decision 0103), operators only; saveExtraServices (decision 0108), the owner's. */
export function servicesRoutes(ctx: { authenticate: Authenticate; services: ServicesService }) {
  const { services } = ctx;
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, serviceEndpoints.getServices).handle((req) => services.list(actorOf(req), req.query));
    route(app, serviceEndpoints.saveExtraServices).handle((req) =>
      services.saveExtraServices(actorOf(req), req.body),
    );
    route(app, serviceEndpoints.registerService).handle(async (req) => ({
      status_code: 0,
      ...(await services.register(actorOf(req), req.body)),
    }));
  };
}

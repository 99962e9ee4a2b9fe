import type { FastifyInstance } from 'fastify';
import { customerEndpoints } from '@emberwatch/shared/contracts/customers';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { CustomersService } from './customers.service.js';

/** The customer calls (spec doc 1 §7 "Admin GET/POST", decision 0098); the service checks who may. */
export function customersRoutes(ctx: { authenticate: Authenticate; customers: CustomersService }) {
  const { customers } = ctx;
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, customerEndpoints.getusers).handle(async (req) => ({
      status_code: 0,
      ...(await customers.list(actorOf(req), 'all', req.query)),
    }));
    route(app, customerEndpoints.getMasterUsers).handle(async (req) => ({
      status_code: 0,
      ...(await customers.list(actorOf(req), 'masters', req.query)),
    }));
    route(app, customerEndpoints.getMigratedUsers).handle(async (req) => ({
      status_code: 0,
      ...(await customers.list(actorOf(req), 'migrated', req.query)),
    }));
    route(app, customerEndpoints.getuserLocations).handle(async (req) => ({
      status_code: 0,
      ...(await customers.locations(actorOf(req), req.query)),
    }));
    route(app, customerEndpoints.getCustomer).handle(async (req) => ({
      status_code: 0,
      customer: await customers.detail(actorOf(req), req.query.UID),
    }));
    route(app, customerEndpoints.setUserLocation).handle(async (req) => ({
      status_code: 0,
      location: await customers.setLocation(actorOf(req), req.body),
    }));
    route(app, customerEndpoints.registerUser).handle(async (req) => {
      const { uid, emailQueued } = await customers.register(actorOf(req), req.body);
      return { status_code: 0, U_ID: uid, username: req.body.username, emailQueued };
    });
  };
}

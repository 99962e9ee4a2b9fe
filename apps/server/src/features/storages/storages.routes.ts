import type { FastifyInstance } from 'fastify';
import { storageEndpoints } from '@emberwatch/shared/contracts/storages';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route, unchecked } from '../../http/route.js';
import type { StorageAlertsService } from './storageAlerts.service.js';
import type { StorageService } from './storage.service.js';

export interface StorageRouteDeps {
  authenticate: Authenticate;
  storages: StorageService;
  alerts: StorageAlertsService;
}

/** Storages (spec doc 3 §7); the service checks that the caller may see and change each one. */
export function storageRoutes(ctx: StorageRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const e = storageEndpoints;

    // Sent without the serialiser's schema pass: it spent nine tenths of the call's CPU on 50 storages'
    // layouts (bench/storages). The presenter builds each storage field by field from the store, whose
    // JSON columns the contract checked when they were saved.
    route(app, e.getStorages).handle(async (req) =>
      unchecked({
        status_code: 0 as const,
        results: await ctx.storages.list(actorOf(req), req.query.UID),
      }),
    );

    route(app, e.saveStorage).handle(async (req) => ({
      status_code: 0 as const,
      item: await ctx.storages.save(actorOf(req), req.body.UID, req.body.item),
    }));

    route(app, e.getAlertRecipients).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.alerts.recipients(actorOf(req), req.query.UID)),
    }));

    route(app, e.setCustomAlertHours).handle(async (req) => ({
      status_code: 0 as const,
      item: await ctx.alerts.setCustomAlertHours(actorOf(req), req.body),
    }));

    route(app, e.removeStorage).handle(async (req) => {
      await ctx.storages.remove(actorOf(req), req.body.UID, req.body.itemID);
      return { status_code: 0 as const };
    });
  };
}

import type { FastifyInstance } from 'fastify';
import { gariMigrationEndpoints as e } from '@emberwatch/shared/contracts/gariMigration';
import type { GariAccount } from '@emberwatch/shared/domain/gariMigration/gariExport';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { GariMigrationService } from './gariMigration.service.js';

/** The Gari migration's calls (decision 0102); the service checks who may. */
export function gariMigrationRoutes(ctx: { authenticate: Authenticate; migrations: GariMigrationService }) {
  const { migrations } = ctx;
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, e.checkGariUsername).handle(async (req) => ({
      status_code: 0,
      ...(await migrations.checkUsername(actorOf(req), req.body)),
    }));
    // The schema keeps materials as text: the rules name an unknown one as a problem.
    route(app, e.checkGariMigration).handle(async (req) => ({
      status_code: 0,
      results: await migrations.check(actorOf(req), req.body.accounts as GariAccount[]),
    }));
    route(app, e.migrateGariUser).handle(async (req) => ({
      status_code: 0,
      ...(await migrations.migrate(actorOf(req), req.body.account as GariAccount)),
    }));
    route(app, e.confirmGariMobile).handle(async (req) => ({
      status_code: 0,
      ...(await migrations.confirmMobile(actorOf(req), req.body)),
    }));
    route(app, e.getGariMigrations).handle(async (req) => ({
      status_code: 0,
      results: await migrations.list(actorOf(req)),
    }));
    route(app, e.gariMigrationState).handle(async (req) => ({
      status_code: 0,
      ...(await migrations.stateOf(actorOf(req), req.query.UID)),
    }));
  };
}

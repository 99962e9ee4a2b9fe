import type { FastifyInstance } from 'fastify';
import { accountMergeEndpoints as e } from '@emberwatch/shared/contracts/accountMerge';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { AccountMergeService } from './accountMerge.service.js';

export function accountMergeRoutes(ctx: { authenticate: Authenticate; merges: AccountMergeService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const { merges } = ctx;

    route(app, e.checkAccountMerge).handle(async (req) => ({
      status_code: 0,
      ...(await merges.check(actorOf(req), req.body)),
    }));
    route(app, e.doAccountMerge).handle(async (req) => ({
      status_code: 0,
      ...(await merges.merge(actorOf(req), req.body)),
    }));
  };
}

import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@emberwatch/shared/contracts/audit';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { AuditService } from './audit.service.js';

/** The audit trail's one call: the console's list. There is no call that changes or removes a record. */
export function auditRoutes(ctx: { authenticate: Authenticate; service: AuditService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, auditEndpoints.getAuditLog).handle(async (req) => ctx.service.list(actorOf(req), req.query));
  };
}

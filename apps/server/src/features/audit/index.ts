import type { FastifyBaseLogger } from 'fastify';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { AuditRepository } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import { AuditService } from './audit.service.js';
import { AuditRecorder } from './auditRecorder.js';
import { auditRetentionJob } from './auditRetention.js';

export { AUDIT_RETENTION_DAYS } from './auditRetention.js';
export { LOOK_WINDOW_S } from './lookCoalescing.js';

/**
 * The audit trail (issue 30 item 2, decision 0089): the server records every staff write and every
 * staff look at a customer's data through the trail this feature provides (http/audit.ts hooks every
 * logged-in route), and Root and Admin read it at /admin/auditLog.
 */
export function auditFeature(kernel: Kernel, deps: { authenticate: Authenticate; log: FastifyBaseLogger }) {
  const repo = new AuditRepository(kernel.store.db);
  const recorder = new AuditRecorder(repo, kernel.nowS, (msg, err) => deps.log.error({ err }, msg));
  const service = new AuditService(repo, () => recorder.settled());
  return defineFeature({
    name: 'audit',
    auditTrail: recorder,
    routes: auditRoutes({ authenticate: deps.authenticate, service }),
    jobs: [auditRetentionJob(repo, kernel.nowS)],
    // Records of the last calls are written before the store closes.
    stop: () => recorder.settled(),
    exports: { settled: () => recorder.settled() },
  });
}

import type { Job } from '../../jobs/Scheduler.js';
import type { AuditRepository } from './audit.repository.js';

/**
 * How long the audit trail keeps a record (decision 0089): two years, long enough for a customer's
 * complaint or an auditor's question about last season, short enough that the trail does not keep
 * who looked at whom for ever.
 */
export const AUDIT_RETENTION_DAYS = 730;

/** Once a day: records older than the retention period go. The trail's only delete. */
export function auditRetentionJob(repo: AuditRepository, nowS: () => number): Job {
  return {
    name: 'audit.prune',
    everyMs: 24 * 3600 * 1000,
    firstAfterMs: 60_000,
    run: async () => {
      await repo.pruneBefore(nowS() - AUDIT_RETENTION_DAYS * 86_400);
    },
  };
}

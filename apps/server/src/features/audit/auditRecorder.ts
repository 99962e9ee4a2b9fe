import { redactForAudit } from '@emberwatch/shared/domain/auditRedaction';
import type { AuditCall, AuditOutcome, AuditTrail } from '../../http/audit.js';
import type { AuditRepository, NewAuditEntry } from './audit.repository.js';
import { isRepeatLook, LOOK_WINDOW_S, lookKey } from './lookCoalescing.js';

/** Most look keys remembered before the old ones are forgotten (each is a few dozen bytes). */
const MAX_LOOK_KEYS = 10_000;

/**
 * The audit trail the server records staff calls in (http/audit.ts calls it; decision 0089).
 *
 * A write's entry is inserted before the write runs and awaited: a change that commits always has
 * its record. Its outcome (status, changes) and looks are written after the response, not awaited by
 * the caller: they are tracked, and `settled()` waits for them (the console's list does, and so does
 * the server's stop), so a record is never left half-written by a clean shutdown. A failed insert is
 * logged as an error.
 *
 * Everything stored goes through `redactForAudit` first: no password, token, code, key or card data
 * is ever written.
 */
export class AuditRecorder implements AuditTrail {
  private readonly pending = new Set<Promise<void>>();
  /** The last recorded look per staff × customer × call, in this process (epoch s). */
  private readonly looks = new Map<string, number>();

  constructor(
    private readonly repo: AuditRepository,
    private readonly nowS: () => number,
    private readonly logError: (msg: string, err: unknown) => void,
    private readonly lookWindowS = LOOK_WINDOW_S,
  ) {}

  begin(call: AuditCall): Promise<number> {
    return this.repo.insertEntry(this.entryOf(call));
  }

  end(entryId: number, outcome: AuditOutcome): void {
    this.track(
      this.repo.insertOutcome({
        entry_id: entryId,
        at_s: this.nowS(),
        status: outcome.status,
        account_uid: outcome.accountId,
        changes: JSON.stringify(
          outcome.changes.map((c) => ({
            subject: c.subject,
            before: redactForAudit(c.before) ?? null,
            after: redactForAudit(c.after) ?? null,
          })),
        ),
      }),
    );
  }

  refused(call: AuditCall, status: number): void {
    this.track(
      this.repo.insertRefused(this.entryOf(call), {
        at_s: this.nowS(),
        status,
        account_uid: null,
        changes: '[]',
      }),
    );
  }

  looked(call: AuditCall): void {
    if (call.accountId === null) return;
    const now = this.nowS();
    const key = lookKey(call.staff.id, call.accountId, call.path);
    if (isRepeatLook(this.looks.get(key), now, this.lookWindowS)) return;
    // Claimed at once: the page's parallel calls coalesce without waiting for the insert.
    this.remember(key, now);
    const accountId = call.accountId;
    this.track(
      (async () => {
        // Another instance (or this one before a restart) may have recorded it within the window.
        if (await this.repo.lookedSince(call.staff.id, accountId, call.path, now - this.lookWindowS + 1))
          return;
        await this.repo.insertEntry(this.entryOf(call));
      })(),
    );
  }

  /** Waits for every record this process has begun writing. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private entryOf(call: AuditCall): NewAuditEntry {
    return {
      at_s: this.nowS(),
      kind: call.kind,
      staff_user_id: call.staff.id,
      staff_username: call.staff.username,
      staff_level: call.staff.level,
      account_uid: call.accountId,
      bs_id: call.bsId,
      method: call.method,
      path: call.path,
      ip: call.ip,
      user_agent: call.userAgent,
      input: JSON.stringify(redactForAudit(call.input) ?? null),
    };
  }

  private remember(key: string, now: number): void {
    this.looks.set(key, now);
    if (this.looks.size <= MAX_LOOK_KEYS) return;
    for (const [k, at] of this.looks) if (!isRepeatLook(at, now, this.lookWindowS)) this.looks.delete(k);
    // Still full of fresh keys: forget the oldest half (at worst a look is recorded twice).
    if (this.looks.size > MAX_LOOK_KEYS)
      for (const k of [...this.looks.keys()].slice(0, MAX_LOOK_KEYS / 2)) this.looks.delete(k);
  }

  private track(work: Promise<void>): void {
    const p = work.catch((err: unknown) => this.logError('audit record failed', err));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
}

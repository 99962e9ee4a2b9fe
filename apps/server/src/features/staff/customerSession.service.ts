import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import { auditActedFor } from '../../http/audit.js';
import type { IssuedSession } from '../sessions/index.js';
import type { StaffRepository } from './staff.repository.js';

/** The sessions feature's side of a customer's session (sessions/index.ts `customerSessions`). */
export interface CustomerSessions {
  open(customerId: number, staffId: number): Promise<IssuedSession>;
  sessionOf(
    token: string | undefined,
  ): Promise<{ userId: number; actingStaffId: number | null; live: boolean } | null>;
  refresh(token: string | undefined): Promise<IssuedSession>;
  end(token: string | undefined): Promise<void>;
}

/**
 * loginAdmin (spec doc 1 §7; issue 31 item 1; decision 0099): a staff member opens a customer's
 * session, in which it has the customer's rights only and every call is audited as its own for the
 * customer; ending it gives the member's own session back.
 */
export class CustomerSessionService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly sessions: CustomerSessions,
  ) {}

  async open(actor: Actor, customerId: number): Promise<IssuedSession> {
    assertOperator(actor, 'customerSession');
    if (customerId === actor.user.id) throw ApiError.invalid('This is your own account.', 'UID');
    const customer = await this.repo.findById(customerId);
    if (!customer) throw ApiError.notFound('No such user.');
    auditActedFor(customer.main_user_id ?? customer.id);
    // A staff account's session would hand its rights over: staff work in their own sessions.
    if (customer.admin === 1) throw ApiError.forbidden('A staff member’s session cannot be opened.');
    if (customer.blocked === 1)
      throw ApiError.forbidden('This account is blocked: its session cannot be opened.');
    return this.sessions.open(customer.id, actor.user.id);
  }

  /**
   * Ends the customer's session of `customerToken` (only one a staff member opened: an ordinary
   * session is left alone) and gives back the member's own of `staffToken`, rotated; `own` null when
   * there is none to give back (it expired, was revoked, or the member may not log in any more).
   */
  async end(
    customerToken: string | undefined,
    staffToken: string | undefined,
  ): Promise<{ ended: boolean; own: IssuedSession | null }> {
    const current = await this.sessions.sessionOf(customerToken);
    if (current?.actingStaffId == null) return { ended: false, own: null };
    await this.sessions.end(customerToken);
    const own = await this.sessions.sessionOf(staffToken);
    // Only the member who opened it gets a session back, and only its own.
    if (!own || own.userId !== current.actingStaffId || own.actingStaffId !== null || !own.live) {
      if (own) await this.sessions.end(staffToken);
      return { ended: true, own: null };
    }
    try {
      return { ended: true, own: await this.sessions.refresh(staffToken) };
    } catch {
      return { ended: true, own: null };
    }
  }
}

import type {
  AcknowledgeDataBreakRequest,
  AcknowledgeDataBreakResponse,
  DeliveredAlert,
  DeliveryAckVia,
  DeliveryLogResponse,
  DeliveryMessage,
  OutboxMessage,
  OutboxQuery,
  OutboxResponse,
} from '@emberwatch/shared/contracts/delivery';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type AccessService, type Actor } from '../../http/access/index.js';
import type { DeliveryAlertRow, DeliveryMessageRow, DeliveryRepository } from './delivery.repository.js';
import { ADMIN_FAILING_WINDOW_S, type RecipientHealthRepository } from './recipientHealth.repository.js';

/** How many delivered alerts a storage's log shows. */
export const DELIVERY_LOG_ALERTS = 50;

const messageOf = (m: DeliveryMessageRow): DeliveryMessage => ({
  id: m.id,
  kind: m.kind,
  step: m.step,
  channel: m.channel as DeliveryMessage['channel'],
  recipientName: m.recipient_name,
  address: m.address,
  status: m.status,
  attempts: m.attempts,
  error: m.status === 'sent' ? null : m.last_error,
  createdTs: m.created_ts,
  sentTs: m.sent_ts,
});

/** The reading side of delivery: the user's delivery log and the admin's outbox page. */
export class DeliveryService {
  constructor(
    private readonly repo: DeliveryRepository,
    private readonly health: RecipientHealthRepository,
    private readonly access: AccessService,
    private readonly nowS: () => number,
    private readonly senders: () => OutboxResponse['senders'],
    private readonly dataBreaks: {
      openGroupsOf: (ownerId: number, bsId: string) => Promise<number[]>;
      acknowledge: (groupId: number, byUserId: number) => Promise<number | null>;
    },
  ) {}

  /**
   * POST /client/acknowledgeDataBreak (ours, issue 27 item 1): whoever may acknowledge the account's
   * alerts (decision 0014: not a plain master) stops the repeats of a station's data break. A station
   * of another account is refused as unknown.
   */
  async acknowledgeDataBreak(
    actor: Actor,
    req: AcknowledgeDataBreakRequest,
  ): Promise<AcknowledgeDataBreakResponse> {
    const ownerId = await this.access.accountIdFor(actor, req.UID);
    if (!(await this.repo.stationOwnedBy(ownerId, req.BS_ID)))
      throw ApiError.notFound('No such base station.');
    this.access.assertMayChange(actor, 'acknowledgeAlert');
    let acknowledged = 0;
    for (const id of await this.dataBreaks.openGroupsOf(ownerId, req.BS_ID))
      acknowledged += (await this.dataBreaks.acknowledge(id, actor.user.id)) ?? 0;
    return { status_code: 0, acknowledged };
  }

  /** GET /client/getDeliveryLog: anyone who may see the account sees its storages' deliveries. */
  async log(actor: Actor, q: { UID?: number; itemID: number }): Promise<DeliveryLogResponse> {
    const ownerId = await this.access.accountIdFor(actor, q.UID);
    const { alerts, messages, groups } = await this.repo.storageLog(ownerId, q.itemID, DELIVERY_LOG_ALERTS);
    const names = await this.repo.userNames(
      alerts.flatMap((a) => (a.ack_by_user_id === null ? [] : [a.ack_by_user_id])),
    );
    const byAlert = new Map<number, DeliveryMessage[]>();
    const add = (alertId: number, m: DeliveryMessageRow) =>
      byAlert.set(alertId, [...(byAlert.get(alertId) ?? []), messageOf(m)]);
    for (const m of messages)
      if (m.delivery_group_id !== null)
        // A group's message told of each alert of it that had been raised by then (decision 0067).
        for (const a of alerts) {
          if (a.group_id === m.delivery_group_id && a.told === 1 && m.created_ts >= a.created_ts)
            add(a.id, m);
        }
      else if (m.delivery_alert_id !== null) add(m.delivery_alert_id, m);
    return {
      status_code: 0,
      alerts: alerts.map((a) => {
        // A grouped alert's reminders are its group's.
        const g = a.group_id === null ? undefined : groups.get(a.group_id);
        const shown = g ? { ...a, step: g.step, next_step_ts: g.next_step_ts } : a;
        return alertOf(shown, byAlert.get(a.id) ?? [], names);
      }),
    };
  }

  /**
   * GET /admin/getOutbox: admins only. Optionally only one status (the failed ones) or one account's;
   * with the recipients that fail for good now — of that account, or of every account whose latest
   * failure is within the last 30 days (decision 0070).
   */
  async outbox(actor: Actor, q: OutboxQuery): Promise<OutboxResponse> {
    assertOperator(actor, 'outbox');
    const [rows, failingRecipients] = await Promise.all([
      this.repo.latestMessages(q.limit, q.beforeId, { status: q.status, ownerId: q.ownerId }),
      this.health.failing(
        q.ownerId !== undefined ? { ownerId: q.ownerId } : { sinceTs: this.nowS() - ADMIN_FAILING_WINDOW_S },
      ),
    ]);
    return {
      status_code: 0,
      senders: this.senders(),
      failingRecipients,
      messages: rows.map((m): OutboxMessage => ({
        ...messageOf(m),
        ownerId: m.owner_user_id,
        storageId: m.storage_id,
        subject: m.subject,
        body: m.body,
        sender: m.sender,
        language: m.language,
      })),
    };
  }
}

function alertOf(
  a: DeliveryAlertRow,
  messages: DeliveryMessage[],
  names: Map<number, string>,
): DeliveredAlert {
  return {
    id: a.id,
    ruleType: a.rule_type,
    sensor_id: a.sensor_id,
    depth: a.depth < 0 ? null : a.depth,
    temperature: a.temperature,
    threshold: a.threshold,
    isMin: a.is_min === 1,
    alertTs: a.alert_ts,
    status: a.status,
    step: a.step,
    nextStepTs: a.next_step_ts,
    ack:
      a.ack_ts === null
        ? null
        : {
            by: a.ack_by_user_id,
            byName: a.ack_by_user_id === null ? null : (names.get(a.ack_by_user_id) ?? null),
            at: a.ack_ts,
            via: (a.ack_via ?? 'web') as DeliveryAckVia,
          },
    clearedTs: a.status === 'cleared' ? a.cleared_ts : null,
    messages,
  };
}

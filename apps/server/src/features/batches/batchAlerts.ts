import type { NotificationProps } from '@emberwatch/shared/contracts/notifications';
import type { BatchRepository, BatchRow, LatestRow } from './batch.repository.js';
import { currentAlertsOf } from './batch.presenter.js';
import { parseJson } from './batchProgress.js';

/** Posts a batch notice to the account (the notifications feature's `notify`, one entry per batch and kind). */
export type BatchNotify = (
  ownerId: number,
  kind: 'batch' | 'batch_bug',
  params: NotificationProps,
  subject: string,
) => Promise<void>;

/**
 * The batch notifications (spec doc 3 §3 Notification types `batch` (high temperature) and
 * `batch_bug`; §4 "Alerts apply while the status is 2 or below" — here: while ongoing and not
 * archived): after each commit of new readings, a probe of an ongoing batch whose hottest point is
 * at or above the batch's limit raises `batch`; on a timer, probes silent for more than 4 hours
 * raise `batch_bug`. Each is raised again in place while it lasts (decision 0049).
 */
export class BatchAlerts {
  constructor(
    private readonly repo: BatchRepository,
    private readonly notify: BatchNotify,
    private readonly nowS: () => number,
  ) {}

  /** After new readings of these stations: the high-temperature alerts of their ongoing batches. */
  async onNewData(bsIds: readonly string[]): Promise<void> {
    const batches = (await this.repo.ongoing(bsIds)).filter((b) => b.alert_temp !== null);
    await this.raise(batches, 'batch');
  }

  /** On the timer: batches with probes silent for more than 4 hours. */
  async checkSilent(): Promise<void> {
    await this.raise(await this.repo.ongoing(), 'batch_bug');
  }

  private async raise(batches: readonly BatchRow[], kind: 'batch' | 'batch_bug'): Promise<void> {
    if (batches.length === 0) return;
    const latest = new Map<string, LatestRow>(
      (await this.repo.latest(batches.flatMap((b) => parseJson<string[]>(b.probes, [])))).map((l) => [
        l.sensor_id,
        l,
      ]),
    );
    const now = this.nowS();
    for (const b of batches) {
      const alerts = currentAlertsOf(b, latest, now).filter((a) => a.type === kind);
      if (alerts.length === 0) continue;
      const probeIDs = alerts.map((a) => a.sensor_id);
      const params: NotificationProps =
        kind === 'batch'
          ? {
              batch_name: b.name,
              batch_id: b.id,
              maxTemp: Math.max(...alerts.map((a) => a.temperature ?? -Infinity)),
              probeIDs,
              nProbes: probeIDs.length,
            }
          : {
              batch_name: b.name,
              batch_id: b.id,
              probeIDs,
              nProbes: probeIDs.length,
              dataDate: alerts.some((a) => a.ts === null)
                ? null
                : Math.min(...alerts.map((a) => a.ts as number)),
            };
      await this.notify(b.owner_user_id, kind, params, String(b.id));
    }
  }
}

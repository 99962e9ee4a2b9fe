import { createHash } from 'node:crypto';
import type {
  FirmwareChunkResponse,
  FirmwareImage,
  OtaForBsResponse,
  OtaLogEntry,
  OtaOffer,
  OtaPending,
  OtaStation,
  OtaStatusResponse,
} from '@emberwatch/shared/contracts/firmware';
import { firmwareEndpoints } from '@emberwatch/shared/contracts/firmware';
import {
  MAX_FIRMWARE_CHUNK_BYTES,
  MAX_FIRMWARE_IMAGE_BYTES,
  OTA_LOG_LIMIT,
  OTA_REFUSALS,
  otaAssignRefusal,
} from '@emberwatch/shared/domain/firmware';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import { auditActedFor, auditChanged } from '../../http/audit.js';
import type { FirmwareRepository, ImageMeta, LogRow, PendingRow } from './firmware.repository.js';
import { PendingStations } from './pendingStations.js';

const image = (r: ImageMeta): FirmwareImage => ({
  rev: r.rev,
  size: r.size,
  sha256: r.sha256,
  notes: r.notes,
  added_ts: r.added_ts,
  added_by: r.added_by,
});
const pendingOf = (r: PendingRow): OtaPending => ({
  rev: r.rev,
  from_rev: r.from_rev,
  assigned_ts: r.assigned_ts,
  by: r.by,
});
const logEntry = (r: LogRow): OtaLogEntry => ({
  from: r.from_rev,
  to: r.to_rev,
  date: r.ts,
  result: r.result,
  reason: r.reason,
  by: r.by,
});

const conflict = (message: string) => new ApiError(409, message);
const unknownStation = () => ApiError.notFound('No base station has this id.');

/**
 * Firmware updates (decision 0093). The operator's side: images, a station's update, assign and
 * cancel (operator tools `otaRead`, every staff level, and `otaManage`, Root/Admin/Tech). The
 * station's side: the offer in the answer to its packets, the chunks, the failure report. An update
 * ends as done when the station reports the new revision in a packet (its firmware field), failed
 * when it says so, cancelled when an operator cancels it; each end is one log entry.
 */
export class FirmwareService {
  private readonly pendingStations: PendingStations;

  constructor(
    private readonly repo: FirmwareRepository,
    private readonly nowS: () => number,
  ) {
    this.pendingStations = new PendingStations(() => repo.pendingStationIds());
  }

  async forStation(actor: Actor, bsId: string): Promise<OtaForBsResponse> {
    assertOperator(actor, 'otaRead');
    const station = await this.repo.station(bsId);
    if (!station) throw unknownStation();
    auditActedFor(station.owner_user_id, bsId);
    const [images, pending, log] = await Promise.all([
      this.repo.images(),
      this.current(bsId, station.firmware),
      this.repo.log(bsId, OTA_LOG_LIMIT),
    ]);
    return {
      status_code: 0,
      rev: station.firmware,
      otas: images.filter((i) => i.rev !== station.firmware).map(image),
      pending: pending ? pendingOf(pending) : null,
      log: log.map(logEntry),
    };
  }

  async status(actor: Actor, bsId: string): Promise<OtaStatusResponse> {
    assertOperator(actor, 'otaRead');
    const station = await this.repo.station(bsId);
    if (!station) throw unknownStation();
    const [pending, last] = await Promise.all([this.current(bsId, station.firmware), this.repo.log(bsId, 1)]);
    return {
      status_code: pending ? 0 : 1,
      rev: station.firmware,
      pending: pending ? pendingOf(pending) : null,
      last: last[0] ? logEntry(last[0]) : null,
    };
  }

  async assign(actor: Actor, q: { bs: string; rev: string; old_rev: string | null }): Promise<OtaPending> {
    assertOperator(actor, 'otaManage');
    const station = await this.repo.station(q.bs);
    if (!station) throw unknownStation();
    auditActedFor(station.owner_user_id, q.bs);
    if (!(await this.repo.image(q.rev))) throw ApiError.notFound('No firmware image has this revision.');
    const pending = await this.current(q.bs, station.firmware);
    const refusal = otaAssignRefusal({
      chosen: q.rev,
      current: station.firmware,
      pending: pending?.rev ?? null,
      seenCurrent: q.old_rev,
    });
    if (refusal) throw conflict(OTA_REFUSALS[refusal]);
    const row = {
      bs_id: q.bs,
      rev: q.rev,
      from_rev: station.firmware,
      assigned_ts: this.nowS(),
      by_user_id: actor.user.id,
    };
    if (!(await this.repo.assign(row))) throw conflict(OTA_REFUSALS.pending);
    this.pendingStations.add(q.bs);
    auditChanged('firmware update', null, { rev: row.rev, from_rev: row.from_rev });
    return { rev: row.rev, from_rev: row.from_rev, assigned_ts: row.assigned_ts, by: actor.user.username };
  }

  async cancel(actor: Actor, bsId: string): Promise<void> {
    assertOperator(actor, 'otaManage');
    const station = await this.repo.station(bsId);
    if (station) auditActedFor(station.owner_user_id, bsId);
    const ended = await this.repo.end(bsId, undefined, {
      result: 'cancelled',
      ts: this.nowS(),
      reason: null,
      by_user_id: actor.user.id,
    });
    this.pendingStations.delete(bsId);
    if (!ended) throw ApiError.notFound('No update is pending for this station.');
    auditChanged('firmware update', ended, null);
  }

  async images(actor: Actor): Promise<FirmwareImage[]> {
    assertOperator(actor, 'otaRead');
    return (await this.repo.images()).map(image);
  }

  async addImage(actor: Actor, q: { rev: string; notes: string; data: string }): Promise<FirmwareImage> {
    assertOperator(actor, 'otaManage');
    const data = Buffer.from(q.data, 'base64');
    if (data.length > MAX_FIRMWARE_IMAGE_BYTES)
      throw ApiError.invalid('The image is larger than 4 MiB.', 'data');
    const row = {
      rev: q.rev,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      notes: q.notes,
      data,
      added_ts: this.nowS(),
      added_by_user_id: actor.user.id,
    };
    if (!(await this.repo.addImage(row))) throw conflict('A firmware image of this revision exists already.');
    auditChanged('firmware image', null, {
      rev: row.rev,
      size: row.size,
      sha256: row.sha256,
      notes: row.notes,
    });
    return image({ ...row, added_by: actor.user.username });
  }

  /** The console's list: stations with an update pending, then those whose last update failed. */
  async stations(actor: Actor): Promise<OtaStation[]> {
    assertOperator(actor, 'otaRead');
    const [pending, failures] = await Promise.all([this.repo.allPending(), this.repo.lastFailures()]);
    const waiting = new Set(pending.map((p) => p.bs_id));
    return [
      ...pending.map((p) => ({
        bs_id: p.bs_id,
        display_name: p.display_name,
        rev: p.firmware,
        state: 'pending' as const,
        to: p.rev,
        ts: p.assigned_ts,
        reason: null,
      })),
      ...failures
        .filter((f) => !waiting.has(f.bs_id))
        .map((f) => ({
          bs_id: f.bs_id,
          display_name: f.display_name,
          rev: f.firmware,
          state: 'failed' as const,
          to: f.to_rev,
          ts: f.ts,
          reason: f.reason,
        })),
    ];
  }

  /**
   * The station route's question after each packet (its answer carries the offer). Asks the store
   * only for stations with a pending update; ends the update as done once the station runs its
   * revision (the packet just committed may have said so).
   */
  async offerFor(bsId: string): Promise<OtaOffer | undefined> {
    if (!(await this.pendingStations.has(bsId))) return undefined;
    // One read on the packet route; only an update that ended (or is to end now) reads more.
    const img = await this.repo.offer(bsId);
    if (!img || img.firmware === img.rev) {
      await this.current(bsId, img?.firmware ?? null);
      return undefined;
    }
    return {
      rev: img.rev,
      size: img.size,
      sha256: img.sha256,
      chunk: MAX_FIRMWARE_CHUNK_BYTES,
      path: firmwareEndpoints.firmwareChunk.path,
    };
  }

  /** A chunk of the image pending for the station (no other: a station fetches only its own update). */
  async chunk(
    bsId: string,
    q: { rev: string; offset: number; length: number },
  ): Promise<FirmwareChunkResponse> {
    const pending = await this.repo.pending(bsId);
    if (pending?.rev !== q.rev)
      throw ApiError.notFound('No update to this revision is pending for this station.');
    const [img, part] = await Promise.all([
      this.repo.image(q.rev),
      this.repo.chunk(q.rev, q.offset, q.length),
    ]);
    if (!img || !part) throw ApiError.notFound('No update to this revision is pending for this station.');
    return {
      status_code: 0,
      rev: img.rev,
      offset: q.offset,
      size: img.size,
      sha256: img.sha256,
      data: Buffer.from(part).toString('base64'),
    };
  }

  /** The station says its update failed: it is logged with the reason and no longer pending. */
  async reportFailure(bsId: string, q: { rev: string; reason: string }): Promise<void> {
    const ended = await this.repo.end(bsId, q.rev, {
      result: 'failed',
      ts: this.nowS(),
      reason: q.reason,
      by_user_id: null,
    });
    if (!ended) throw ApiError.notFound('No update to this revision is pending for this station.');
    this.pendingStations.delete(bsId);
  }

  /**
   * The station's pending update, or undefined; one the station already runs is ended as done here
   * (the station reported the new revision: its firmware field is the pending one).
   */
  private async current(bsId: string, firmware: string | null): Promise<PendingRow | undefined> {
    const pending = await this.repo.pending(bsId);
    if (!pending) {
      this.pendingStations.delete(bsId);
      return undefined;
    }
    if (firmware !== pending.rev) return pending;
    await this.repo.end(bsId, pending.rev, {
      result: 'done',
      ts: this.nowS(),
      reason: null,
      by_user_id: null,
    });
    this.pendingStations.delete(bsId);
    return undefined;
  }
}

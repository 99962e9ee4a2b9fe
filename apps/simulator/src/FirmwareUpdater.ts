import { createHash } from 'node:crypto';
import type { IngestPacket, OtaOffer } from '@emberwatch/shared/contracts/ingest';
import { silentLogger, type Logger } from './createLogger.js';
import type { IngestClient, StationCredential } from './IngestClient.js';

/** The path of the station's failure report (docs/base-station-protocol.md "Firmware updates"). */
export const OTA_REPORT_PATH = '/ingest/v1/firmware/report';
/** What a station told to fail its updates (--fail-ota) says went wrong. */
export const INJECTED_OTA_FAILURE = 'flash write failed (simulated)';

export interface FirmwareStation {
  readonly credential: StationCredential;
  readonly firmware: string;
  install(rev: string): void;
  bootPacket(sentTs: number): IngestPacket;
}

/**
 * A station's side of a firmware update, as a real one plays it: told of a pending update in an
 * answer, it fetches the image chunk by chunk (and says so with an `ota` packet), checks it against the
 * checksum, installs it and boots,
 * and its boot packet reports the new revision (which ends the update on the server). A station
 * told to fail (`fail`, the --fail-ota fault) and one whose image does not match its checksum report
 * the failure with a reason instead. A fetch that fails on the way is tried again with the next offer.
 */
export class FirmwareUpdater {
  private working: Promise<void> | null = null;
  installed = 0;
  failed = 0;

  constructor(
    private readonly opts: {
      station: FirmwareStation;
      client: IngestClient;
      /** Queues the boot packet after an install (the station's send buffer). */
      send: (packet: IngestPacket) => void;
      fail?: boolean;
      log?: Logger;
      nowS?: () => number;
    },
  ) {}

  /** An offer from an answer; ignored while one is being fetched or when it runs the revision. */
  offer(offer: OtaOffer): void {
    if (this.working || offer.rev === this.opts.station.firmware) return;
    this.working = this.update(offer).finally(() => {
      this.working = null;
    });
  }

  /** Resolves when no update is under way. */
  idle(): Promise<void> {
    return this.working ?? Promise.resolve();
  }

  private async update(offer: OtaOffer): Promise<void> {
    const { station, client } = this.opts;
    const log = this.opts.log ?? silentLogger;
    const bsId = station.credential.bs_id;
    log.info(`${bsId}: firmware ${offer.rev} offered (${offer.size} bytes); fetching`);
    let image: Buffer;
    try {
      image = await this.fetchImage(offer);
    } catch (err) {
      log.warn(`${bsId}: fetching firmware ${offer.rev} failed (${(err as Error).message}); will try again`);
      return;
    }
    const sentTs = Math.floor(this.opts.nowS?.() ?? Date.now() / 1000);
    // The protocol's `ota` packet: the download, as the operator's traffic chart counts it.
    this.opts.send({ type: 'ota', sent_ts: sentTs, readings: [] });
    const sha = createHash('sha256').update(image).digest('hex');
    const reason = sha !== offer.sha256 ? 'checksum mismatch' : this.opts.fail ? INJECTED_OTA_FAILURE : null;
    if (reason) {
      const res = await client.stationRequest(station.credential, OTA_REPORT_PATH, {
        method: 'POST',
        body: { rev: offer.rev, result: 'failed', reason },
      });
      this.failed++;
      log.warn(`${bsId}: firmware ${offer.rev} not installed (${reason}); reported (${res.status})`);
      return;
    }
    station.install(offer.rev);
    this.installed++;
    log.info(`${bsId}: firmware ${offer.rev} installed; booting`);
    this.opts.send(station.bootPacket(sentTs));
  }

  private async fetchImage(offer: OtaOffer): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let offset = 0; offset < offer.size; offset += offer.chunk) {
      const q = new URLSearchParams({ rev: offer.rev, offset: String(offset), length: String(offer.chunk) });
      const res = await this.opts.client.stationRequest(
        this.opts.station.credential,
        `${offer.path}?${q.toString()}`,
        {
          method: 'GET',
        },
      );
      const data = (res.body as { data?: unknown } | null)?.data;
      if (res.status !== 200 || typeof data !== 'string') throw new Error(`HTTP ${res.status}`);
      const part = Buffer.from(data, 'base64');
      if (part.length === 0) throw new Error(`the image ends at ${offset} of ${offer.size} bytes`);
      parts.push(part);
    }
    return Buffer.concat(parts);
  }
}

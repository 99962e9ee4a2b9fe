import type { IngestPacket, OtaOffer } from '@emberwatch/shared/contracts/ingest';
import type { Logger } from './createLogger.js';
import type { IngestClient, StationCredential } from './IngestClient.js';

/**
 * A station's send buffer: packets go out one at a time, in order, and leave the buffer only when
 * acknowledged (or refused for good). While the server is down the buffer grows; a real station's
 * memory is finite, so past `maxPackets` the oldest packet is discarded.
 */
export class StationSender {
  private readonly queue: IngestPacket[] = [];
  private draining: Promise<void> | null = null;
  discarded = 0;

  constructor(
    private readonly station: StationCredential,
    private readonly client: IngestClient,
    private readonly log: Logger,
    private readonly maxPackets = 5000,
    /** Told of a firmware update the server offers in an answer. */
    private readonly onOta?: (offer: OtaOffer) => void,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  enqueue(packet: IngestPacket): void {
    if (this.client.isStopped(this.station.bs_id)) return;
    this.queue.push(packet);
    if (this.queue.length > this.maxPackets) {
      this.queue.shift();
      if (this.discarded++ === 0)
        this.log.warn(
          `${this.station.bs_id}: send buffer full (${this.maxPackets} packets); discarding the oldest`,
        );
    }
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves when the buffer is empty (or the client gave up). */
  idle(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    for (let packet = this.queue[0]; packet; packet = this.queue[0]) {
      const outcome = await this.client.send(this.station, packet);
      if (outcome.kind === 'aborted') return;
      if (outcome.kind === 'unauthorized') {
        this.queue.length = 0;
        return;
      }
      if (outcome.kind === 'ok' && outcome.ota) this.onOta?.(outcome.ota);
      // Acknowledged or refused for good (400): either way it leaves the buffer.
      if (this.queue[0] === packet) this.queue.shift();
    }
  }
}

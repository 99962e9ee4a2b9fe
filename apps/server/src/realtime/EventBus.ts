import { EventEmitter } from 'node:events';

/**
 * In-process events; the WebSocket gateway fans them out to the users allowed to see them, and with
 * PostgreSQL the relay carries them to the other server instances (`remote` marks those).
 */
export interface BusEvents {
  /** Stations whose data changed, after the commit; `remote` when another server instance stored it. */
  newData: { bsIds: string[]; remote?: boolean };
  /** Probes that changed station (a transfer): every instance's ingest cache must forget them. */
  probesMoved: { sensorIds: string[]; remote?: boolean };
  /**
   * Alerts of these accounts changed (raised, peaked, cleared, reset, acknowledged, a data break),
   * after the commit: notifications and live views re-read them.
   */
  alertsChanged: { ownerIds: number[]; bsIds: string[]; remote?: boolean };
  /** Fan controllers of these accounts changed status (the fcStat push), after the commit. */
  fanStatusChanged: { ownerIds: number[]; fcIds: string[]; remote?: boolean };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit<K extends keyof BusEvents>(name: K, payload: BusEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof BusEvents>(name: K, listener: (payload: BusEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}

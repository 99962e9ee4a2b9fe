import { EventEmitter } from 'node:events';
import type { LiveEvent, LiveEvents } from '../kernel/LiveEvent.js';

/**
 * In-process events, by name. Each feature adds its own in its `<feature>.live.ts` (a module
 * augmentation of this interface) and declares it in its module's `live`, so that this file, the
 * relay and the gateway never change for a new event (decision 0085). `remote` marks an event
 * another server instance stored, carried here by the PostgreSQL relay.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface BusEvents {}

/** One declared event: the feature that declared it and how it travels. */
export interface DeclaredEvent {
  readonly name: keyof BusEvents;
  readonly feature: string;
  readonly spec: LiveEvent<keyof BusEvents>;
}

export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly declared = new Map<string, DeclaredEvent>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /**
   * Records the events a feature declares. Server start declares every feature's before anything
   * subscribes or emits; an event declared twice is a mistake in the feature list.
   */
  declare(feature: string, events: LiveEvents): void {
    for (const [name, spec] of Object.entries(events) as [keyof BusEvents, LiveEvent<never>][]) {
      const earlier = this.declared.get(name);
      if (earlier) throw new Error(`bus event "${name}" is declared by ${earlier.feature} and ${feature}`);
      this.declared.set(name, { name, feature, spec: spec as LiveEvent<keyof BusEvents> });
    }
  }

  /** Every declared event, in declaration order (the relay and the gateway serve these). */
  events(): DeclaredEvent[] {
    return [...this.declared.values()];
  }

  emit<K extends keyof BusEvents>(name: K, payload: BusEvents[K]): void {
    this.check(name);
    this.emitter.emit(name, payload);
  }

  on<K extends keyof BusEvents>(name: K, listener: (payload: BusEvents[K]) => void): () => void {
    this.check(name);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /** An event no feature declares would reach no other instance and no user: refuse it loudly. */
  private check(name: keyof BusEvents): void {
    if (!this.declared.has(name))
      throw new Error(`bus event "${String(name)}" is not declared in any feature's live events`);
  }
}

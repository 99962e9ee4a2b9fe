import type { Config } from '../config.js';
import type { Store } from '../db/createDatabase.js';
import type { EventBus } from '../realtime/EventBus.js';

/**
 * All the infrastructure a feature may use: configuration, the store (Kysely over SQLite or
 * PostgreSQL), the in-process event bus and the clock. Anything else a feature needs comes from
 * another feature's exports, passed to it as an argument so that every dependency shows in the
 * feature list (apps/server/src/features.ts).
 */
export interface Kernel {
  readonly config: Config;
  readonly store: Store;
  readonly bus: EventBus;
  /** Epoch seconds; tests pass a clock they move. */
  readonly nowS: () => number;
}

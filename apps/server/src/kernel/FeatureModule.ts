import type { FastifyInstance } from 'fastify';
import type { AuditTrail } from '../http/audit.js';
import type { Job } from '../jobs/Scheduler.js';
import type { BusEvents } from '../realtime/EventBus.js';
import type { DiagnosticsSink } from './DiagnosticsSink.js';
import type { LiveEvents } from './LiveEvent.js';

/** Handlers for bus events, subscribed while the server runs. */
export type EventSubscriptions = { [K in keyof BusEvents]?: (payload: BusEvents[K]) => void };

/**
 * What a feature hands the server: everything it runs, closed over its own services, and the narrow
 * services other features may use (`exports`). A feature's index.ts builds one from the kernel and
 * the exports of the features it needs; the server mounts every module of the feature list.
 */
export interface FeatureModule<Exports extends object = Record<never, never>> {
  readonly name: string;
  /** Registers the feature's routes (a Fastify plugin: hooks stay inside the feature's scope). */
  readonly routes?: (app: FastifyInstance) => void | Promise<void>;
  /** Periodic work, run by the scheduler of the process that calls `startJobs`. */
  readonly jobs?: readonly Job[];
  /**
   * Bus events the feature owns (decision 0085): their payload schema for the relay between
   * instances and, when users see them live, whom they go to as which message of its contract. The
   * server declares them all before it mounts anything; the bus refuses an undeclared event.
   */
  readonly live?: LiveEvents;
  /** Bus events the feature reacts to (any feature's declared events). */
  readonly events?: EventSubscriptions;
  /** Work before the server listens (seeding, connections), in list order. */
  readonly start?: () => Promise<void>;
  /** Work when the server closes, in reverse list order. */
  readonly stop?: () => Promise<void>;
  /**
   * Other origins the web app may use for this feature, added to the Content-Security-Policy (a
   * payment provider's script, frames and API). Read per response: known once `start` has run.
   */
  readonly contentSources?: () => ContentSources;
  /**
   * The audit trail every staff call is recorded in (http/audit.ts, decision 0089): the audit
   * feature's. The server hands it to every route; at most one feature provides it.
   */
  readonly auditTrail?: AuditTrail;
  /**
   * Where the server reports its log lines, answered calls and job runs (decision 0095): the
   * diagnostics feature's. At most one feature provides it.
   */
  readonly diagnostics?: DiagnosticsSink;
  readonly exports: Exports;
}

export interface ContentSources {
  scriptSrc?: string[];
  connectSrc?: string[];
  frameSrc?: string[];
  /** Images from elsewhere (the customers map's tile server). */
  imgSrc?: string[];
}

/** Types a module literal, keeping its exports' precise type for the features that use them. */
export function defineFeature<Exports extends object = Record<never, never>>(
  module: FeatureModule<Exports>,
): FeatureModule<Exports> {
  return module;
}

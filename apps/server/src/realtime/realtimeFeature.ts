import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { defineFeature } from '../kernel/FeatureModule.js';
import type { Kernel } from '../kernel/Kernel.js';
import type { LiveControl } from './liveControl.js';
import { PgEventRelay } from './PgEventRelay.js';
import { wsGateway, type WsGatewayDeps } from './wsGateway.js';

/**
 * The live channel: the WebSocket gateway (/ws) and, on PostgreSQL, the LISTEN/NOTIFY relay that
 * carries bus events between server instances. Both serve the events the features declare in their
 * `live` (decision 0085), so a new live event never changes this feature. Its routes and start run
 * after every feature's events are declared (createServer declares them before mounting any).
 */
export function realtimeFeature(
  kernel: Kernel,
  deps: Pick<WsGatewayDeps, 'signer' | 'access'>,
  opts: { log: FastifyBaseLogger; wsRefreshMs?: number },
) {
  const { store, bus } = kernel;
  const relay = store.pg
    ? new PgEventRelay(store.pg.connectionString, store.pg.schema, bus, opts.log, kernel.nowS)
    : null;
  const startedS = kernel.nowS();
  // With other instances, this one hears their events only while the relay is connected (decision 0182).
  const hearsAllSinceS = () => {
    if (!relay) return startedS;
    const link = relay.state();
    return link.state === 'connected' ? link.sinceTs : null;
  };
  const gateway = wsGateway({ bus, nowS: kernel.nowS, hearsAllSinceS, ...deps }, opts.wsRefreshMs);
  // The operator console's view and switches of this instance's live channel (decision 0096).
  const control: LiveControl = {
    instance: `${hostname()}:${process.pid}:${randomUUID().slice(0, 4)}`,
    startedTs: startedS,
    ...gateway.control,
    relay: () => relay?.state() ?? { state: 'none', sinceTs: null, sent: 0, received: 0, reconnects: 0 },
    reconnectRelay: async () => {
      if (!relay) return false;
      await relay.reconnect();
      return true;
    },
  };
  return defineFeature({
    name: 'realtime',
    routes: (app) => gateway(app),
    start: async () => {
      await relay?.start();
    },
    stop: async () => {
      await relay?.stop();
    },
    exports: {
      /** The live channel's connections and switches, for the operator console. */
      liveControl: () => control,
    },
  });
}

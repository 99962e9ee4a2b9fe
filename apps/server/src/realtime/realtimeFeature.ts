import type { FastifyBaseLogger } from 'fastify';
import { defineFeature } from '../kernel/FeatureModule.js';
import type { Kernel } from '../kernel/Kernel.js';
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
  const relay = store.pg ? new PgEventRelay(store.pg.connectionString, store.pg.schema, bus, opts.log) : null;
  return defineFeature({
    name: 'realtime',
    routes: (app) => wsGateway({ bus, nowS: kernel.nowS, ...deps }, opts.wsRefreshMs)(app),
    start: async () => {
      await relay?.start();
    },
    stop: async () => {
      await relay?.stop();
    },
    exports: {},
  });
}

import type { FastifyBaseLogger } from 'fastify';
import { defineFeature } from '../kernel/FeatureModule.js';
import type { Kernel } from '../kernel/Kernel.js';
import type { BusEvents } from './EventBus.js';
import { PgEventRelay } from './PgEventRelay.js';
import { wsGateway, type WsGatewayDeps } from './wsGateway.js';

/**
 * The live channel: the WebSocket gateway (/ws) and, on PostgreSQL, the LISTEN/NOTIFY relay that
 * carries bus events between server instances. The fans feature's status changes go onto the bus as
 * `fanStatusChanged`, so that users connected to any instance get the fcStat push.
 */
export function realtimeFeature(
  kernel: Kernel,
  deps: Pick<WsGatewayDeps, 'signer' | 'access'> & {
    onFanStatusChanged?: (listener: (change: BusEvents['fanStatusChanged']) => void) => void;
  },
  opts: { log: FastifyBaseLogger; wsRefreshMs?: number },
) {
  const { store, bus } = kernel;
  deps.onFanStatusChanged?.((change) => bus.emit('fanStatusChanged', change));
  const relay = store.pg ? new PgEventRelay(store.pg.connectionString, store.pg.schema, bus, opts.log) : null;
  return defineFeature({
    name: 'realtime',
    routes: wsGateway({ bus, nowS: kernel.nowS, ...deps }, opts.wsRefreshMs),
    start: async () => {
      await relay?.start();
    },
    stop: async () => {
      await relay?.stop();
    },
    exports: {},
  });
}

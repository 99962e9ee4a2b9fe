import type { FastifyBaseLogger } from 'fastify';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { LiveControl } from '../../realtime/liveControl.js';
import { ConnectionsRepository } from './connections.repository.js';
import { connectionsLive } from './connections.live.js';
import { connectionsRoutes } from './connections.routes.js';
import { FieldSystemsService } from './fieldSystems.service.js';
import { LIVE_REPORT_EVERY_MS, LiveConnectionsService } from './liveConnections.service.js';
import { RcTestsService } from './rcTests.service.js';

/** The RC test log keeps a quarter of a year; pruned daily. */
const RC_TEST_LOG_KEEP_S = 92 * 86_400;

/**
 * The operator console's connections (issue 30 item 7, decision 0096): the live connections and
 * their switches (over the realtime layer's LiveControl, reached through a port: realtime is listed
 * last), the RC test responses the fans feature's poll asks (`rcTestAnswer`), and the field systems.
 */
export function connectionsFeature(
  kernel: Kernel,
  deps: { authenticate: Authenticate; liveControl: () => LiveControl; log: FastifyBaseLogger },
) {
  const repo = new ConnectionsRepository(kernel.store.db);
  const live = new LiveConnectionsService(repo, deps.liveControl, kernel.bus, kernel.nowS);
  const rcTests = new RcTestsService(repo, kernel.nowS);
  const fieldSystems = new FieldSystemsService(repo, kernel.nowS);
  let reporter: NodeJS.Timeout | undefined;
  const report = () =>
    live.report().catch((err: unknown) => deps.log.warn({ err }, 'could not report the live connections'));
  return defineFeature({
    name: 'connections',
    live: connectionsLive,
    routes: connectionsRoutes({ authenticate: deps.authenticate, live, rcTests, fieldSystems }),
    events: {
      liveSwitched: (e) => {
        // This instance did its own switch already; another instance's is done here too.
        if (e.remote)
          live.switched(e).catch((err: unknown) => deps.log.warn({ err }, 'could not apply a live switch'));
      },
    },
    jobs: [
      {
        name: 'connections.pruneRcTestLog',
        everyMs: 86_400_000,
        run: () => repo.pruneLog(kernel.nowS() - RC_TEST_LOG_KEEP_S),
      },
    ],
    // Every instance (not only the one running jobs) reports its own connections and follows the switches.
    start: async () => {
      await live.report();
      clearInterval(reporter);
      reporter = setInterval(() => void report(), LIVE_REPORT_EVERY_MS);
      reporter.unref();
    },
    stop: async () => {
      clearInterval(reporter);
      await live.forget().catch(() => undefined);
    },
    exports: {
      /** The fans feature's poll hook (ControllerProtocol's RcTestAnswer). */
      rcTestAnswer: (fcId: string, channels: Parameters<RcTestsService['answer']>[1]) =>
        rcTests.answer(fcId, channels),
    },
  });
}

import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { ControllerCredentials } from './controllerCredentials.js';
import { ControllerProtocol, type RcTestAnswer } from './controllerProtocol.js';
import { FanRepository } from './fan.repository.js';
import { FanService } from './fan.service.js';
import { FanDecider } from './fanDecider.js';
import { presentRcEvent } from './fanPresenter.js';
import { controllerRoutes, fanRoutes } from './fans.routes.js';
import { fansLive } from './fans.live.js';
import { fansDb } from './fans.tables.js';
// The newData bus event's type (declared by the readings feature's live events), which this feature uses.
import type {} from '../readings/index.js';

export type { FanStatusListener } from './fanDecider.js';
// The demo seeds controllers as a registration writes them: the same tables and secret recipe.
export { issueControllerSecret } from './controllerCredentials.js';
export { newControllerRows } from './newControllerRows.js';
export { fansDb, type FansDb, type FanTables } from './fans.tables.js';

/**
 * How often every channel is decided again: a cyclic rule's edges and the data ages move with the
 * clock, not only with new readings. Half the controllers' poll interval, so a cycle's edge reaches
 * the fan within a poll and a half.
 */
export const FAN_DECIDE_EVERY_MS = 15_000;
/** How often silent controllers are looked for. */
export const FAN_OFFLINE_CHECK_EVERY_MS = 30_000;

/**
 * Fan controllers (issue 13; docs/decisions/0037-fan-control.md): the controller protocol
 * (/fc/poll2), the web's fan calls, and the loop that decides every channel's command — on a timer,
 * after new readings of the stations its storages and outdoor probes are on, and at once after a call.
 */
export function fansFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    /** An operator's test response for a controller's poll (the connections feature). */
    rcTestAnswer?: RcTestAnswer;
  },
) {
  const repo = new FanRepository(fansDb(kernel.store.db), kernel.store.engine);
  let log: (err: unknown) => void = () => undefined;
  const decider = new FanDecider(repo, kernel.nowS, (err) => log(err));
  const credentials = new ControllerCredentials(async (id) => (await repo.findController(id))?.secret_hash);
  const protocol = new ControllerProtocol(
    repo,
    kernel.nowS,
    (fcId) => {
      decider.decideControllers([fcId]).catch((err: unknown) => log(err));
    },
    (change) => decider.tell([change]),
    deps.rcTestAnswer,
  );
  // Status changes go onto the bus as fanStatusChanged: the fcStat push to users on any instance.
  decider.onStatusChanged((change) => kernel.bus.emit('fanStatusChanged', change));
  const fans = new FanService(repo, deps.access, decider, credentials, kernel.nowS);
  return defineFeature({
    name: 'fans',
    live: fansLive,
    routes: async (app) => {
      log = (err) => app.log.error({ err }, 'fan decision failed');
      await app.register(controllerRoutes({ protocol, credentials }));
      await app.register(fanRoutes({ authenticate: deps.authenticate, fans }));
    },
    // Another instance's commit is decided by that instance; its timer covers the rest.
    events: { newData: ({ bsIds, remote }) => (remote ? undefined : decider.schedule(bsIds)) },
    jobs: [
      { name: 'fans.decide', everyMs: FAN_DECIDE_EVERY_MS, run: () => decider.decideAll() },
      {
        name: 'fans.offline',
        everyMs: FAN_OFFLINE_CHECK_EVERY_MS,
        run: () => protocol.markSilent().then(() => undefined),
      },
    ],
    stop: () => decider.idle(),
    exports: {
      /** The user info's FC_IDs: the ids of an account's controllers. */
      controllerIdsOf: async (ownerId: number) => (await repo.controllersOf(ownerId)).map((c) => c.id),
      fanDecider: decider,
      /** The RC event log of a batch's channels (the batches feature's getPhaseRClog). */
      /** A batch's RC events, as the calls answer them (the batches' getPhaseRClog). */
      rcEventsOfBatch: async (q: Parameters<FanRepository['eventsOfBatch']>[0]) =>
        (await repo.eventsOfBatch(q)).map(presentRcEvent),
    },
  });
}

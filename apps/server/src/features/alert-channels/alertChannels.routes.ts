import type { FastifyInstance } from 'fastify';
import { alertChannelEndpoints } from '@emberwatch/shared/contracts/alertChannels';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import { VoiceTestRefused, type AlertChannelsService } from './alertChannels.service.js';

/** The Alert channels page's calls (decision 0072); the service checks who may. */
export function alertChannelsRoutes(ctx: { authenticate: Authenticate; service: AlertChannelsService }) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, alertChannelEndpoints.getAlertChannels).handle(async (req) =>
      ctx.service.read(actorOf(req), req.body.UID),
    );
    route(app, alertChannelEndpoints.setVoiceCalls).handle(async (req) => ({
      status_code: 0 as const,
      voiceCallEnabled: await ctx.service.setVoiceCalls(actorOf(req), req.body),
    }));
    route(app, alertChannelEndpoints.testPushAlert).handle(async (req) => ctx.service.testPush(actorOf(req)));
    route(app, alertChannelEndpoints.voiceTestCall).handle(async (req, reply) => {
      try {
        return await ctx.service.voiceTest(actorOf(req));
      } catch (err) {
        if (err instanceof VoiceTestRefused && err.retryAfterS !== null)
          void reply.header('retry-after', String(err.retryAfterS));
        throw err;
      }
    });
  };
}

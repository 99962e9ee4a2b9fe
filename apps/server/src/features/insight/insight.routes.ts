import type { FastifyInstance } from 'fastify';
import { insightEndpoints } from '@emberwatch/shared/contracts/insight';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { InsightService } from './insight.service.js';
import type { MigrationService } from './migration.service.js';

/** The Insight calls (spec doc 1 §7 "Insight", "Migration"); the services check who may. */
export function insightRoutes(ctx: {
  authenticate: Authenticate;
  insight: InsightService;
  migration: MigrationService;
}) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, insightEndpoints.getInsightTrialTime).handle(async () => ({
      status_code: 0 as const,
      trialDays: await ctx.insight.trialDays(),
    }));
    route(app, insightEndpoints.getInsightSurvey).handle(async (req) => {
      const data = await ctx.insight.survey(actorOf(req), req.query.UID);
      return data ? { status_code: 0 as const, data } : { status_code: 1 as const, data: null };
    });
    route(app, insightEndpoints.saveInsightSurvey).handle(async (req) => ({
      status_code: 0 as const,
      service: await ctx.insight.saveSurvey(
        actorOf(req),
        req.body.UID,
        req.body.answers,
        req.body.fromWelcomePage ?? false,
      ),
    }));
    route(app, insightEndpoints.saveInsightStorages).handle(async (req) => ({
      status_code: 0 as const,
      storages: await ctx.insight.saveStorages(actorOf(req), req.body.UID, req.body.storages),
    }));
    route(app, insightEndpoints.insightMigration).handle(async (req) => ({
      status_code: 0 as const,
      service: await ctx.insight.migrate(actorOf(req), req.body.UID),
    }));
    route(app, insightEndpoints.insightHold).handle(async (req) => ({
      status_code: 0 as const,
      service: await ctx.insight.hold(actorOf(req), req.body.UID),
    }));
    route(app, insightEndpoints.insightFreemiumTrial).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.insight.freemiumTrial(actorOf(req), req.body.UID, req.body.trialDays)),
    }));
    route(app, insightEndpoints.setInsight).handle(async (req) => ({
      status_code: 0 as const,
      service: await ctx.insight.setInsight(actorOf(req), req.body.UID, req.body.service),
    }));
    route(app, insightEndpoints.testMigrationCall).handle(async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return ctx.migration.keyFor(actorOf(req), req.body.UID);
    });
    route(app, insightEndpoints.setMigrationOn).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.migration.set(actorOf(req), req.body.on, req.body.url)),
    }));
    route(app, insightEndpoints.getMigrationCount).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.migration.settings(actorOf(req))),
    }));
  };
}

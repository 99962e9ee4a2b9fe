import type { FastifyInstance } from 'fastify';
import {
  BATCH_REPORT_PDF_PATH,
  batchEndpoints,
  batchReportPdfQuerySchema,
} from '@emberwatch/shared/contracts/batches';
import type { Language, UiPreferences } from '@emberwatch/shared/contracts/preferences';
import { batchTimeZone } from '@emberwatch/shared/domain/batches/batchTimeZone';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { ServerTexts } from '../translations/index.js';
import type { BatchService } from './batch.service.js';
import { writeReportPdf } from './reportPdf.js';
import type { SanitisationReports } from './sanitisationReport.service.js';

export interface BatchRouteContext {
  authenticate: Authenticate;
  batches: BatchService;
  reports: SanitisationReports;
  preferencesOf: (
    userId: number,
  ) => Promise<Pick<UiPreferences, 'language' | 'degrees' | 'date_format' | 'time_format'>>;
  nowS: () => number;
  /** The server texts the report's PDF is worded with (decision 0107). */
  texts: () => Promise<ServerTexts>;
}

/** The PDF is a download, not a JSON call: kept out of the API's document (docs/API.md names it). */
const HIDDEN = { schema: { hide: true } };

/** A file name a browser keeps: the batch's name in letters, digits and dashes. */
function fileNameOf(name: string, id: number): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `sanitisation-${slug || 'batch'}-${id}.pdf`;
}

/** The batch calls (spec doc 1 §7 "Batches and storages"); the service checks who may. */
export function batchRoutes(ctx: BatchRouteContext) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    const ts = () => ctx.nowS();
    route(app, batchEndpoints.getBatches).handle(async (req) => {
      const now = ts();
      return { status_code: 0 as const, results: await ctx.batches.list(actorOf(req), req.query), ts: now };
    });
    route(app, batchEndpoints.getChangedBatches).handle(async (req) => {
      const now = ts();
      return {
        status_code: 0 as const,
        results: await ctx.batches.changed(actorOf(req), req.query),
        ts: now,
      };
    });
    route(app, batchEndpoints.getBatchCounts).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.batches.counts(actorOf(req), req.query.UID)),
    }));
    route(app, batchEndpoints.getProcessPhases).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.batches.processPhases(actorOf(req), req.query)),
    }));
    route(app, batchEndpoints.saveProcessPhases).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.batches.saveProcessPhases(actorOf(req), req.body)),
    }));
    route(app, batchEndpoints.saveBatch).handle(async (req) => ({
      status_code: 0 as const,
      result: await ctx.batches.save(actorOf(req), req.body),
    }));
    route(app, batchEndpoints.archiveBatches).handle(async (req) => {
      const now = ts();
      return { status_code: 0 as const, results: await ctx.batches.archive(actorOf(req), req.body), ts: now };
    });
    route(app, batchEndpoints.getPhaseRClog).handle(async (req) => ({
      status_code: 0 as const,
      results: await ctx.batches.rcLog(actorOf(req), req.query),
    }));
    route(app, batchEndpoints.addBatchTurning).handle(async (req) => ({
      status_code: 0 as const,
      result: await ctx.batches.addTurning(actorOf(req), req.body),
    }));
    route(app, batchEndpoints.removeBatchTurning).handle(async (req) => ({
      status_code: 0 as const,
      result: await ctx.batches.removeTurning(actorOf(req), req.body),
    }));
    route(app, batchEndpoints.getSanitisationReport).handle(async (req) => {
      const { report } = await ctx.reports.forCaller(
        actorOf(req),
        req.query.UID,
        req.query.batch_id,
        req.query.standard,
      );
      return { status_code: 0 as const, result: report };
    });

    app.get(BATCH_REPORT_PDF_PATH, HIDDEN, async (req, reply) => {
      const parsed = batchReportPdfQuerySchema.safeParse(req.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw ApiError.invalid(`${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}`);
      }
      const q = parsed.data;
      const actor = actorOf(req);
      const { report, batch, station } = await ctx.reports.forPdf(actor, q.UID, q.batch_id, q.standard);
      const [presented, prefs, defaults, texts] = await Promise.all([
        ctx.batches.one(actor, q.UID, q.batch_id),
        ctx.preferencesOf(actor.user.id),
        ctx.batches.defaultsOf(batch.owner_user_id),
        ctx.texts(),
      ]);
      const language: Language = q.lang ?? prefs.language;
      const unit: DegreesUnit = q.unit ?? (prefs.degrees === 'C' ? 'C' : 'F');
      const pdf = await writeReportPdf({
        report,
        batch: presented,
        stationName: station?.name ?? null,
        timeZone: batchTimeZone(station?.timezone, q.tz),
        language,
        unit,
        dateFormat: prefs.date_format,
        timeFormat: prefs.time_format,
        content: defaults.report,
        texts,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileNameOf(batch.name, batch.id)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  };
}

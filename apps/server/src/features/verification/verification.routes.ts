import type { FastifyInstance } from 'fastify';
import {
  MAX_REPORT_BYTES,
  VERIFICATION_REPORT_PDF_PATH,
  verificationEndpoints as e,
  verificationReportPdfQuerySchema,
} from '@emberwatch/shared/contracts/verification';
import type { Language, UiPreferences } from '@emberwatch/shared/contracts/preferences';
import { verificationReportName } from '@emberwatch/shared/domain/verification/verificationRules';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { ServerTexts } from '../translations/index.js';
import type { VerificationService } from './verification.service.js';

export interface VerificationRouteDeps {
  authenticate: Authenticate;
  verification: VerificationService;
  /** The address printed in every report for its check. */
  checkUrl: string;
  preferencesOf: (
    userId: number,
  ) => Promise<Pick<UiPreferences, 'language' | 'degrees' | 'date_format' | 'time_format'>>;
  /** The server texts the report's PDF is worded with (decision 0107). */
  texts: () => Promise<ServerTexts>;
}

/** The PDF is a download, not a JSON call: kept out of the API's document (as the batch report). */
const HIDDEN = { schema: { hide: true } };

/** The verification calls (spec doc 1 §7 "Insight", doc 2 §7); the service checks who may. */
export function verificationRoutes(ctx: VerificationRouteDeps) {
  return (app: FastifyInstance): void => {
    void app.register(publicRoutes(ctx));
    void app.register(userRoutes(ctx));
  };
}

/** The report check and the public key: an auditor has no login. */
function publicRoutes(ctx: VerificationRouteDeps) {
  return (app: FastifyInstance): void => {
    route(app, e.checkVerificationReport, { bodyLimit: Math.ceil((MAX_REPORT_BYTES * 4) / 3) + 1024 }).handle(
      async (req) => {
        const file = Buffer.from(req.body.pdf, 'base64');
        if (file.length > MAX_REPORT_BYTES)
          throw ApiError.invalid('The file is larger than any report.', 'pdf');
        return { status_code: 0 as const, ...(await ctx.verification.check(file)) };
      },
    );
    route(app, e.verificationPublicKey).handle(async () => ({
      status_code: 0 as const,
      ...(await ctx.verification.publicKey()),
    }));
  };
}

function userRoutes(ctx: VerificationRouteDeps) {
  return (app: FastifyInstance): void => {
    app.addHook('preValidation', ctx.authenticate);
    route(app, e.getVerifications).handle(async (req) => ({
      status_code: 0 as const,
      results: await ctx.verification.list(actorOf(req), req.query),
    }));
    route(app, e.verifixData).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.verification.data(actorOf(req), req.query.verificationID)),
    }));
    route(app, e.startVerification).handle(async (req) => ({
      status_code: 0 as const,
      result: await ctx.verification.start(actorOf(req), req.body),
    }));
    route(app, e.stopVerification).handle(async (req) => ({
      status_code: 0 as const,
      ...(await ctx.verification.stop(actorOf(req), req.body.itemID)),
    }));
    route(app, e.deleteVerification).handle(async (req) => {
      await ctx.verification.delete(actorOf(req), req.body.itemID);
      return { status_code: 0 as const };
    });
    app.get(VERIFICATION_REPORT_PDF_PATH, HIDDEN, async (req, reply) => {
      const parsed = verificationReportPdfQuerySchema.safeParse(req.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw ApiError.invalid(`${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}`);
      }
      const q = parsed.data;
      const actor = actorOf(req);
      const [prefs, texts] = await Promise.all([ctx.preferencesOf(actor.user.id), ctx.texts()]);
      // As the batch report: the language and unit the web asks for, else the reader's own.
      const language: Language = q.lang ?? prefs.language;
      const { file, probeID, issuedTs } = await ctx.verification.report(actor, q.itemID, ctx.checkUrl, {
        language,
        unit: q.unit ?? prefs.degrees,
        dateFormat: prefs.date_format,
        timeFormat: prefs.time_format,
        texts,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${verificationReportName(probeID, issuedTs)}"`)
        .header('cache-control', 'no-store')
        .send(file);
    });
  };
}

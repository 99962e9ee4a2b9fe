import { existsSync } from 'node:fs';
import { isPageRedirect } from '@emberwatch/shared/contracts/drawnPage';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import type { Store } from './db/createDatabase.js';
import { composeFeatures } from './features.js';
import { errorHandler } from './http/errorHandler.js';
import { healthRoutes } from './http/health.routes.js';
import { loggerOptions } from './http/loggerOptions.js';
import { securityHeaders } from './http/securityHeaders.js';
import { isPrivateAuth } from './http/route.js';
import type { Job } from './jobs/Scheduler.js';
import { LogTee, observedJob } from './kernel/DiagnosticsSink.js';
import type { ContentSources, FeatureModule } from './kernel/FeatureModule.js';
import { compressedFor, type PagesExports } from './features/pages/index.js';
import type { Kernel } from './kernel/Kernel.js';
import { EventBus, type BusEvents } from './realtime/EventBus.js';

export interface ServerOptions {
  nowS?: () => number;
  /** pino options or false; tests pass false. */
  logger?: boolean | object;
  /** How often WebSocket subscriptions are re-checked (tests shorten it). */
  wsRefreshMs?: number;
}

export interface Server {
  app: FastifyInstance;
  kernel: Kernel;
  /** Every feature's periodic jobs; main.ts runs them (tests run one by hand). */
  jobs: Job[];
  /** The mounted features, in list order (tests reach a feature's exports by name). */
  features: FeatureModule<object>[];
  /** Tells the diagnostics that a scheduler runs `jobs` from now on (main.ts starts one). */
  jobsScheduled(sinceMs: number): void;
}

/** Where the built web app lives; served at / with an index.html fallback for client routes. */
function webDist(config: Config): string | undefined {
  const candidates = [
    config.webDist,
    resolve(process.cwd(), 'apps/web/dist'),
    resolve(import.meta.dirname, '../../web/dist'),
  ];
  return candidates.find((c): c is string => c !== undefined && existsSync(resolve(c, 'index.html')));
}

const API_PREFIXES = ['/admin/', '/client/', '/auth', '/ingest/', '/ws', '/health', '/api/'];
/** The user API: every call about a logged-in user (and the login, refresh and logout calls). */
const PRIVATE_PATH = /^\/(?:client\/|admin\/|auth(?:[/?]|$))/;
const HSTS = 'max-age=31536000; includeSubDomains';

export async function createServer(config: Config, store: Store, opts: ServerOptions = {}): Promise<Server> {
  const kernel: Kernel = {
    config,
    store,
    bus: new EventBus(),
    nowS: opts.nowS ?? (() => Math.floor(Date.now() / 1000)),
  };
  // Each line goes to standard output and, once the features are up, to the server log's store.
  const logTee = new LogTee(process.stdout);
  const app = Fastify({
    // Tokens, cookies, station secrets and query strings never reach the log (nor its store).
    logger: opts.logger ?? loggerOptions(config.logLevel, logTee),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
  });
  // zod schemas are the contract: they validate requests (and type them) on every route that declares one.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(cookie);
  // Security headers. The web app loads only its own scripts; Emotion (MUI) injects <style> tags and
  // the probe list draws small SVG data images, hence the style and image allowances.
  // A feature may add origins (the payment provider's script, frames and API; decision 0056), known
  // once the features have started: read per response.
  let features: FeatureModule<object>[] = [];
  const extra = (kind: keyof ContentSources) => () =>
    [...new Set(features.flatMap((f) => f.contentSources?.()[kind] ?? []))].join(' ');
  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", extra('scriptSrc')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', extra('imgSrc')],
        connectSrc: ["'self'", 'ws:', 'wss:', extra('connectSrc')],
        frameSrc: ["'self'", extra('frameSrc')],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The API is same-origin only; a cross-origin embedder policy would only break the docs page.
    crossOriginEmbedderPolicy: false,
    // Sent below only when the browser came over HTTPS: on plain HTTP the header means nothing, and
    // on a LAN install it would pin a name that may never serve TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    // req.protocol is "https" for TLS, or behind a trusted proxy (TRUST_PROXY) that says so.
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Logged-in answers (data, tokens, and errors about them) stay out of every cache: a shared
    // computer's back button or a proxy must not hand them to the next person. Every route of the
    // catalogue says who calls it (route.ts puts the endpoint's auth in its config), wherever its path
    // is (/fc/…, /getMigrationCount); an unknown path under the user API is private too.
    if (isPrivateAuth(req.routeOptions.config.auth) || PRIVATE_PATH.test(req.url))
      reply.header('cache-control', 'no-store');
  });
  // Answers over 1 kB go compressed to a client that asks (decision 0144): a phone on one bar of
  // signal loads the app's texts (170 kB of JSON, twice at start) in a fifth of the bytes. The web
  // build's files are compressed beforehand (preCompressed below) and pass through untouched.
  // Request bodies stay as they were: nothing sends them compressed, and the body limit counts their bytes.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // The OpenAPI document is generated from the routes' zod schemas (GET /api/docs/json), with a
  // browsable reference at /api/docs for partner apps.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Emberwatch API', version: '1.0.0', description: "The web app's call catalogue." },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The public API's calls (decision 0110); their own document is /api/v1/openapi.json.
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes(store));
  // The features, mounted from one list (features.ts): their routes, event subscriptions, start and stop.
  features = composeFeatures(kernel, { log: app.log, wsRefreshMs: opts.wsRefreshMs });
  // Every feature's live events first: the bus refuses an event no feature declares (decision 0085).
  for (const feature of features) kernel.bus.declare(feature.name, feature.live ?? {});
  const unsubscribe: (() => void)[] = [];
  for (const feature of features) {
    for (const [event, handler] of Object.entries(feature.events ?? {})) {
      unsubscribe.push(kernel.bus.on(event as keyof BusEvents, handler as (payload: unknown) => void));
    }
  }
  // The audit trail every staff call of every route goes into (http/audit.ts): set before the routes.
  const trails = features.flatMap((f) => (f.auditTrail ? [f.auditTrail] : []));
  if (trails.length > 1) throw new Error('more than one feature provides the audit trail');
  app.decorate('auditTrail', trails[0] ?? null);
  // The server's own diagnostics (decision 0095): its log lines, answered calls and job runs.
  const sinks = features.flatMap((f) => (f.diagnostics ? [f.diagnostics] : []));
  if (sinks.length > 1) throw new Error('more than one feature provides the diagnostics');
  const diagnostics = sinks[0];
  if (diagnostics) {
    logTee.attach((line) => diagnostics.logLine(line));
    app.addHook('onResponse', (req, reply, done) => {
      // The stations' packets, the busiest route, are the call log's (decision 0090), not the access log's.
      if (req.routeOptions.config.auth === 'station') return done();
      diagnostics.response({
        method: req.method,
        url: req.url,
        route: req.routeOptions.url,
        auth: req.routeOptions.config.auth,
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        userId: req.actor?.user.id ?? null,
        partnerApp: req.actor?.user.partner_app ?? null,
        ip: req.ip,
      });
      done();
    });
  }
  for (const feature of features) await feature.start?.();
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
    for (const feature of [...features].reverse()) await feature.stop?.();
  });
  for (const feature of features) if (feature.routes) await app.register(feature.routes);

  const dist = webDist(config);
  if (dist) {
    // preCompressed: the web build writes .br/.gz beside each file (apps/web/vite.config.ts).
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      maxAge: '1h',
      preCompressed: true,
      // "/" is a page of the app like any other (the not-found handler below): drawn, sent on to the
      // role's first page, or index.html never cached — not the static index.html kept for an hour,
      // which named the hashed bundles of the build before a deploy.
      index: false,
      // The service worker, the manifest and index.html have fixed names: a browser must see a new build's
      // at once.
      setHeaders: (res, file) => {
        if (/(?:sw\.js|\.webmanifest|index\.html)$/.test(file)) res.header('cache-control', 'no-cache');
      },
    });
    const pages = features.find((f) => f.name === 'pages')?.exports as PagesExports | undefined;
    app.setNotFoundHandler(async (req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      // A browser opening a page of the app (an address under /admin/, the outbox) asks for HTML; an API
      // call asks for JSON and gets the JSON 404.
      const page = req.headers.accept?.includes('text/html') === true;
      if (req.method !== 'GET' || (!page && API_PREFIXES.some((p) => path.startsWith(p)))) {
        return reply.status(404).send({ status_code: 404, error: 'Not found' });
      }
      // A logged-in user's page, drawn for that user: theirs alone, never kept by a cache.
      const drawn = page ? await pages?.drawnPage(req, app, dist) : null;
      // A page that sends the browser on (`/` to the role's first page): the browser asks for that one.
      if (drawn && typeof drawn === 'object' && isPageRedirect(drawn))
        return reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'cookie')
          .redirect(drawn.redirect, 302);
      if (drawn) {
        const { body, encoding } = compressedFor(req.headers['accept-encoding'], drawn);
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'cookie, accept-encoding')
          .type('text/html; charset=utf-8')
          .send(body);
      }
      // index.html must never be cached: it names the hashed bundles of the current build.
      // (Without cacheControl: false the static plugin would replace the header with its max-age.)
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ status_code: 404, error: 'Not found' }));
  }
  const jobs = features.flatMap((f) => f.jobs ?? []);
  diagnostics?.jobsKnown(jobs);
  return {
    app,
    kernel,
    jobs: diagnostics ? jobs.map((job) => observedJob(job, diagnostics)) : jobs,
    features,
    jobsScheduled: (sinceMs) => diagnostics?.jobsScheduled(sinceMs),
  };
}

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from './AppContext.js';
import type { Config } from './config.js';
import type { Store } from './db/createDatabase.js';
import { BaseStationRepository } from './features/base-stations/baseStation.repository.js';
import { baseStationRoutes } from './features/base-stations/baseStations.routes.js';
import { IngestRepository } from './features/ingest/ingest.repository.js';
import { ingestRoutes } from './features/ingest/ingest.routes.js';
import { IngestService } from './features/ingest/ingest.service.js';
import { ProbeDirectory } from './features/ingest/probeDirectory.js';
import { DailyCache } from './features/ingest/dailyCache.js';
import { StationCredentials } from './features/ingest/stationCredentials.js';
import { PreferencesRepository } from './features/preferences/preferences.repository.js';
import { PreferencesService } from './features/preferences/preferences.service.js';
import { ProbeRepository } from './features/probes/probe.repository.js';
import { ProbeConfigService } from './features/probes/probeConfig.service.js';
import { ProbeDataRepository } from './features/probes/probeData.repository.js';
import { ProbeDataService } from './features/probes/probeData.service.js';
import { probeRoutes } from './features/probes/probes.routes.js';
import { LatestReadingsService } from './features/readings/latestReadings.service.js';
import { ReadingRepository } from './features/readings/reading.repository.js';
import { AccessTokenSigner } from './features/sessions/accessToken.js';
import { LoginRateLimiter } from './features/sessions/loginRateLimiter.js';
import { RefreshTokenRepository } from './features/sessions/refreshToken.repository.js';
import { SessionService } from './features/sessions/session.service.js';
import { sessionRoutes } from './features/sessions/sessions.routes.js';
import { createTranslationService, translationRoutes } from './features/translations/translations.routes.js';
import { AccessService } from './features/users/access.service.js';
import { UserRepository } from './features/users/user.repository.js';
import { userRoutes } from './features/users/users.routes.js';
import { errorHandler } from './http/errorHandler.js';
import { EventBus } from './realtime/EventBus.js';
import { wsGateway } from './realtime/wsGateway.js';
import { PgEventRelay } from './realtime/PgEventRelay.js';

export interface ServerOptions {
  nowS?: () => number;
  /** pino options or false; tests pass false. */
  logger?: boolean | object;
  /** How often WebSocket subscriptions are re-checked (tests shorten it). */
  wsRefreshMs?: number;
}

export function createContext(
  config: Config,
  store: Store,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
): AppContext {
  const users = new UserRepository(store.db);
  const stations = new BaseStationRepository(store.db);
  const signer = new AccessTokenSigner(config.jwtSecret, config.accessTokenTtlS, nowS);
  const bus = new EventBus();
  const access = new AccessService(users, stations);
  const readings = new ReadingRepository(store.db);
  const ingest = new IngestService(
    new IngestRepository(store.db, store.engine),
    bus,
    nowS,
    new ProbeDirectory(),
    new DailyCache(store.engine === 'sqlite'),
  );
  return {
    config,
    store,
    nowS,
    bus,
    users,
    stations,
    readings,
    latest: new LatestReadingsService(readings, bus),
    access,
    signer,
    sessions: new SessionService(
      users,
      new RefreshTokenRepository(store.db),
      signer,
      new LoginRateLimiter(nowS),
      config.refreshTokenTtlS,
      nowS,
    ),
    preferences: new PreferencesService(new PreferencesRepository(store.db), nowS),
    ingest,
    probeData: new ProbeDataService(new ProbeDataRepository(store.db), nowS),
    probeConfig: new ProbeConfigService(new ProbeRepository(store.db), stations, access, bus, nowS),
  };
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

export async function createServer(
  config: Config,
  store: Store,
  opts: ServerOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const ctx = createContext(config, store, opts.nowS);
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      // Tokens, cookies and station secrets never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
    // computer's back button or a proxy must not hand them to the next person.
    if (PRIVATE_PATH.test(req.url)) reply.header('cache-control', 'no-store');
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // The OpenAPI document is generated from the routes' zod schemas (GET /api/docs/json), with a
  // browsable reference at /api/docs for partner apps.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Emberwatch API', version: '1.0.0', description: "The web app's call catalogue." },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/health', () => ({ status_code: 0, engine: store.engine }));
  await app.register(sessionRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(baseStationRoutes(ctx));
  await app.register(probeRoutes(ctx));
  await app.register(ingestRoutes(ctx, new StationCredentials(ctx.stations)));
  await app.register(wsGateway(ctx, opts.wsRefreshMs));
  // Bundled locale texts → store at every start; texts a translator saved are never overwritten.
  const translations = createTranslationService(ctx);
  await translations.seed();
  await app.register(translationRoutes(ctx, translations));

  // The ingest path caches each probe's station; a transfer (here or on another instance) clears it.
  ctx.bus.on('probesMoved', ({ sensorIds }) => ctx.ingest.forgetProbes(sensorIds));

  if (store.pg) {
    const relay = new PgEventRelay(store.pg.connectionString, store.pg.schema, ctx.bus, app.log);
    await relay.start();
    app.addHook('onClose', () => relay.stop());
  }

  const dist = webDist(config);
  if (dist) {
    // preCompressed: the web build writes .br/.gz beside each file (apps/web/vite.config.ts).
    await app.register(fastifyStatic, { root: dist, wildcard: false, maxAge: '1h', preCompressed: true });
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      if (req.method !== 'GET' || API_PREFIXES.some((p) => path.startsWith(p))) {
        return reply.status(404).send({ status_code: 404, error: 'Not found' });
      }
      // index.html must never be cached: it names the hashed bundles of the current build.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ status_code: 404, error: 'Not found' }));
  }
  return { app, ctx };
}
